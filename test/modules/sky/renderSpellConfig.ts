import type { IlkAfterState, SpellAfterState } from '../../../shared/modules/sky/spells/parseSpellConfig.js';

/*
 * Writes an after-state back in config.sol's syntax, with only the values parseSpellConfig reads: the
 * bodies the GitHub recordings serve for a spell's config (test/fixtures/upstream/github/). Not the
 * spells repository's file (its code is not copied): the same values, re-written here.
 */

const METHOD = { manual: 'MANUAL', autoline: 'AUTOLINE', stusds: 'STUSDS' } as const;

function collateral(name: string, ilk: IlkAfterState): string {
  const fields: [string, string | number | boolean][] = [
    ['um', `UpdateMethod.${METHOD[ilk.lineMethod]}`],
    ['aL_line', ilk.autoLine?.line ?? 0],
    ['aL_gap', ilk.autoLine?.gap ?? 0],
    ['aL_ttl', ilk.autoLine?.ttlSeconds ?? 0],
    ['line', ilk.line],
    ['pct', ilk.pctBps],
    ['mat', ilk.matBps],
    ['SP_enabled', ilk.spBeam !== undefined],
    ['SP_min', ilk.spBeam?.min ?? 0],
    ['SP_max', ilk.spBeam?.max ?? 0],
    ['SP_step', ilk.spBeam?.step ?? 0],
  ];
  // A stUSDS or SP-BEAM ilk states pct 0 by rule; one whose fee is the spell's must not read as SP-BEAM's.
  if (ilk.lineMethod !== 'stusds' && ilk.spBeam === undefined && !ilk.feeBySpell) throw new Error(`${name}: a fee not set by the spell needs SP-BEAM or stUSDS`);
  return `        afterSpell.collaterals["${name}"] = CollateralValues({\n${fields.map(([key, value]) => `            ${key}: ${String(value)}`).join(',\n')}\n        });`;
}

/** config.sol-shaped text of an after-state; parseSpellConfig reads it back to the same values. Pure. */
export function renderSpellConfig(state: SpellAfterState): string {
  const lines = [
    '// Values re-written from a spells-mainnet src/test/config.sol after-state (test/modules/sky/renderSpellConfig.ts).',
    '        spellValues = SpellValues({',
    `            deployed_spell:         address(${state.spell?.address ?? `0x${'0'.repeat(40)}`}),`,
    `            deployed_spell_created: ${state.spell?.createdAt ?? 0}`,
    '        });',
    `        afterSpell.pause_delay = ${state.pauseDelaySeconds} seconds;`,
  ];
  if (state.ssrBps !== undefined) lines.push(`        afterSpell.susds_ssr = ${state.ssrBps};`);
  if (state.dsrBps !== undefined) lines.push(`        afterSpell.pot_dsr = ${state.dsrBps};`);
  if (state.spBeam) {
    const { tauSeconds, SSR, DSR } = state.spBeam;
    lines.push(`        afterSpell.SP_tau = ${tauSeconds} seconds;`);
    for (const [rate, bounds] of [['ssr', SSR], ['dsr', DSR]] as const) for (const key of ['min', 'max', 'step'] as const) lines.push(`        afterSpell.SP_${rate}_${key} = ${bounds[key]};`);
  }
  for (const [name, ilk] of Object.entries(state.ilks)) lines.push(collateral(name, ilk));
  return `${lines.join('\n')}\n`;
}
