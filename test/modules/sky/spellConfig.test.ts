import { describe, expect, it } from 'vitest';
import { configInteger } from '../../../shared/modules/sky/spells/configValue.js';
import { parseSpellConfig } from '../../../shared/modules/sky/spells/parseSpellConfig.js';
import { spellChanges } from '../../../shared/modules/sky/spells/spellChanges.js';
import { configAt, spellFixtures, spellsGitDir } from './spellConfigFixtures.js';

const fixtures = spellFixtures();
const after = (date: string) => {
  const fixture = fixtures.get(date);
  if (!fixture) throw new Error(`no after-state fixture for ${date}`);
  return fixture.afterState;
};
const changesOf = (from: string, to: string) => spellChanges(after(from), after(to)).map(({ parameter, market, from: was, to: now }) => ({ parameter, ...(market && { market }), ...(was !== undefined && { from: was }), to: now }));

describe('config.sol value expressions', () => {
  it('read literals, the file’s constants, time units and integer arithmetic as Solidity does', () => {
    expect(configInteger('15 * BILLION')).toBe(15_000_000_000n);
    expect(configInteger('48 hours')).toBe(172_800n);
    expect(configInteger('13_787 seconds')).toBe(13_787n);
    expect(configInteger('220 minutes')).toBe(13_200n);
    expect(configInteger('1_000_000 * WAD /  30 days')).toBe(10n ** 24n / 2_592_000n);
    expect(configInteger('-200 * int256(MILLION)')).toBe(-200_000_000n);
    expect(configInteger('110 * (1_000_000_000 * WAD / 180 days) / 100')).toBe((110n * ((10n ** 27n) / 15_552_000n)) / 100n);
    expect(configInteger('type(uint256).max')).toBe(2n ** 256n - 1n);
  });

  it('refuse a name they do not know rather than guess', () => {
    expect(() => configInteger('3 * LOTS')).toThrow(/unknown name LOTS/);
  });
});

/*
 * A SYNTHETIC config in the three forms config.sol has used for an ilk's line method (aL_enabled,
 * lum, um), written for this test: the values are chosen, the shapes are the file's.
 */
const SYNTHETIC = `
  spellValues = SpellValues({
      deployed_spell:         address(0x0000000000000000000000000000000000000000), // not deployed yet
      deployed_spell_created: 0,
  });
  afterSpell.pause_delay  = 30 hours;   // In seconds
  afterSpell.susds_ssr    = 6_50;       // In basis points // a second comment
  afterSpell.split_farm   = "A//B";     // a string holding two slashes
  afterSpell.collaterals["OLD-A"] = CollateralValues({ aL_enabled: false, aL_line: 0, aL_gap: 0, aL_ttl: 0, line: 5 * MILLION, dust: 0, pct: 4_25, mat: 150_00, liqType: "clip" });
  afterSpell.collaterals["MID-A"] = CollateralValues({ lum: LineUpdateMethod.AUTOLINE, aL_line: 2 * BILLION, aL_gap: 50 * MILLION, aL_ttl: 6 hours, line: 0, pct: 0, mat: 14500, SP_enabled: true, SP_min: 2_00, SP_max: 30_00, SP_step: 4_00 });
  afterSpell.collaterals["NEW-A"] = CollateralValues({ um: UpdateMethod.STUSDS, aL_line: 0, aL_gap: 0, aL_ttl: 0, line: 0, pct: 0, mat: 120_00 });
`;

describe('parseSpellConfig', () => {
  it('reads the system values and each ilk in every line-method form (SYNTHETIC config)', () => {
    const state = parseSpellConfig(SYNTHETIC);
    expect(state).toEqual({
      pauseDelaySeconds: 108_000,
      ssrBps: 650,
      ilks: {
        'OLD-A': { lineMethod: 'manual', line: 5_000_000, pctBps: 425, feeBySpell: true, matBps: 15_000 },
        'MID-A': { lineMethod: 'autoline', line: 0, autoLine: { line: 2_000_000_000, gap: 50_000_000, ttlSeconds: 21_600 }, pctBps: 0, feeBySpell: false, matBps: 14_500, spBeam: { min: 200, max: 3_000, step: 400 } },
        'NEW-A': { lineMethod: 'stusds', line: 0, pctBps: 0, feeBySpell: false, matBps: 12_000 },
      },
    });
  });

  it('fails on a config without the pause delay instead of reading it as zero', () => {
    expect(() => parseSpellConfig('afterSpell.pot_dsr = 5_00;')).toThrow(/no afterSpell.pause_delay/);
  });

  // Where a mirror of spells-mainnet is on the machine, the committed values are re-extracted from the real files.
  it.skipIf(spellsGitDir() === undefined)('extracts each committed after-state from config.sol at its commit (spells-mainnet mirror)', () => {
    const gitDir = spellsGitDir()!;
    for (const fixture of fixtures.values()) expect(parseSpellConfig(configAt(gitDir, fixture.source.commit)), fixture.source.subject).toEqual(fixture.afterState);
  });
});

describe('a spell’s changes: its after-state diffed with the previous spell’s (spells-mainnet, consecutive spells)', () => {
  it('the 2026-05-07 spell raises the GSM pause delay from 24 to 48 hours, and changes nothing else', () => {
    expect(changesOf('2026-04-23', '2026-05-07')).toEqual([{ parameter: 'gsmDelay', from: 86_400, to: 172_800 }]);
    expect(after('2026-05-07').spell).toEqual({ address: '0xA0059DaDd7Fbdbc81a9bb9d1d17cCB029b6AF596', createdAt: 1_778_166_215 });
  });

  it('the 2026-04-23 spell raises ALLOCATOR-PATTERN-A’s ceiling to 2.5 B and two autoline gaps', () => {
    expect(changesOf('2026-04-09', '2026-04-23')).toEqual([
      { parameter: 'autoLineGap', market: 'ALLOCATOR-BLOOM-A', from: 250_000_000, to: 500_000_000 },
      { parameter: 'debtCeiling', market: 'ALLOCATOR-PATTERN-A', from: 10_000_000, to: 2_500_000_000 },
      { parameter: 'autoLineGap', market: 'ALLOCATOR-PATTERN-A', from: 10_000_000, to: 50_000_000 },
    ]);
  });

  it('the 2025-03-20 spell cuts the SSR 6.5 → 4.5 %, the DSR 5.5 → 3.5 % and ETH-A’s fee 7.75 → 6 %', () => {
    const changes = changesOf('2025-03-06', '2025-03-20');
    expect(changes.slice(0, 3)).toEqual([
      { parameter: 'ssr', market: 'sky-susds', from: 650, to: 450 },
      { parameter: 'dsr', market: 'sky-sdai', from: 550, to: 350 },
      { parameter: 'stabilityFee', market: 'ETH-A', from: 775, to: 600 },
    ]);
    expect(changes.filter((change) => change.parameter === 'stabilityFee')).toHaveLength(9);
    expect(changes.filter((change) => change.parameter === 'mat' || change.parameter === 'gsmDelay')).toEqual([]);
  });

  it('the 2025-03-06 spell raises the DSR 4.75 → 5.5 % and leaves the SSR; it onboards ALLOCATOR-NOVA-A', () => {
    const changes = changesOf('2025-02-21', '2025-03-06');
    expect(changes).toContainEqual({ parameter: 'dsr', market: 'sky-sdai', from: 475, to: 550 });
    expect(changes.some((change) => change.parameter === 'ssr')).toBe(false);
    expect(changes).toContainEqual({ parameter: 'listing', market: 'ALLOCATOR-NOVA-A', to: 'listed' });
    expect(changes).toContainEqual({ parameter: 'debtCeiling', market: 'ALLOCATOR-NOVA-A', to: 60_000_000 });
  });

  it('the 2025-12-11 spell lowers the staking engine’s LSEV2-SKY-A mat from 145 % to 120 %', () => {
    expect(changesOf('2025-11-27', '2025-12-11')).toEqual([{ parameter: 'mat', market: 'LSEV2-SKY-A', from: 1.45, to: 1.2 }]);
  });

  it('every change is verified and names the config field it was read from', () => {
    const [gsm] = spellChanges(after('2026-04-23'), after('2026-05-07'));
    expect(gsm).toMatchObject({ protocol: 'sky', unit: 'state', verified: true });
    expect(gsm!.evidence).toMatch(/config\.sol after-state.*pause_delay 24 hours → 48 hours/);
  });

  it('an ilk whose fee SP-BEAM sets carries no stability-fee change from a spell (its pct is 0 by rule)', () => {
    const ethA = after('2026-05-07').ilks['ETH-A']!;
    expect(ethA).toMatchObject({ feeBySpell: false, pctBps: 0, spBeam: { min: 200, max: 3_000, step: 400 } });
    expect(spellChanges(after('2026-05-07'), { ...after('2026-05-07'), ilks: { 'ETH-A': { ...ethA, pctBps: 500 } } })).toEqual([]);
  });
});
