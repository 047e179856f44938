import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../shared/contract/proposal.js';
import { mergeFeed, type SourceOutcome } from '../../../shared/feed/mergeFeed.js';
import { skySpBeamSource, skySpellSource } from '../../../shared/modules/sky/source.js';
import { afterStatePaths, readPublishedAfterState, spellDate } from '../../../shared/modules/sky/spells/readPublishedAfterState.js';
import { spellStatus } from '../../../shared/modules/sky/spells/spellProposal.js';
import { UpstreamError } from '../../../shared/upstream/errors.js';
import { useReplay } from '../../upstream/replayHarness.js';
import { GOVERNANCE_FILES, recordSkyGovernance } from './recordSkyGovernance.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { HAT_DESCRIPTION, OTHER_SPELLS, skyGovernanceNetwork, VOTED_SPELL } from './skyGovernanceChain.js';

const replay = useReplay();
const context = () => ({ signal: AbortSignal.timeout(5_000), now: new Date('2026-11-22T12:00:00Z'), upstreams: replay.upstreams() });

describe('the recordings of Sky’s governance', () => {
  it('are what the module’s sources send today, with the answers test/modules/sky/skyGovernanceChain.ts gives', async () => {
    const made = JSON.parse(JSON.stringify(await recordSkyGovernance()));
    expect(JSON.parse(readFileSync(GOVERNANCE_FILES.ethereum, 'utf8'))).toEqual(made.ethereum);
    expect(JSON.parse(readFileSync(GOVERNANCE_FILES.github, 'utf8'))).toEqual(made.github);
  });
});

describe('sky spells source over HTTP (recorded chain and GitHub API)', () => {
  it('lists the chief’s hat, the 2026-05-07 spell: cast, effective from its eta, a vote with the 48-hour GSM delay as notice', async () => {
    const [spell] = await skySpellSource().readProposals(context());
    expect(() => Proposal.parse(spell)).not.toThrow();
    expect(spell).toMatchObject({
      id: 'sky-spell-0xa0059dadd7fbdbc81a9bb9d1d17ccb029b6af596',
      title: '2026-05-07 MakerDAO Executive Spell',
      status: 'executed',
      effectiveDate: '2026-05-09T12:00:00Z',
      mechanism: 'vote',
      noticeSeconds: 172_800,
      // Created at deployment (spells-mainnet config.sol deployed_spell_created 1778166215), expiring 30 days on.
      timeline: { created: '2026-05-07T15:03:35Z', end: '2026-06-06T15:03:35Z', effectiveAt: '2026-05-09T12:00:00Z' },
    });
  });

  it('lists after the hat the spells the pause saw in the last 30 days: one plotted and waiting, one cast (at its exec’s block time)', async () => {
    const [, waiting, cast, , ...rest] = await skySpellSource().readProposals(context());
    expect(rest).toEqual([]);
    for (const item of [waiting, cast]) expect(() => Proposal.parse(item)).not.toThrow();
    // SYNTHETIC (skyGovernanceChain.ts OTHER_SPELLS): plotted 2026-11-21 12:00 with eta 48 hours on; cast 2026-11-07 13:00, an hour after its eta.
    expect(waiting).toMatchObject({ id: `sky-spell-${OTHER_SPELLS[0].spell.toLowerCase()}`, title: '2026-11-19 MakerDAO Executive Spell', status: 'passed', effectiveDate: '2026-11-23T12:00:00Z', mechanism: 'vote', noticeSeconds: 172_800 });
    expect(waiting!.summary).toContain('It is plotted in the pause and can be cast from 2026-11-23T12:00:00Z');
    expect(cast).toMatchObject({ id: `sky-spell-${OTHER_SPELLS[1].spell.toLowerCase()}`, status: 'executed', effectiveDate: '2026-11-07T13:00:00Z', timeline: { effectiveAt: '2026-11-07T13:00:00Z' } });
    expect(cast!.summary).toContain('It was cast at 2026-11-07T13:00:00Z.');
    // Each one's changes from its (synthetic) after-state: master's config for the one being voted, its archive folder for the cast one.
    expect(waiting!.changes).toMatchObject([{ parameter: 'autoLineGap', market: 'ETH-A', to: 200_000_000, verified: true }]);
    expect(waiting!.summary).toContain('spells-mainnet src/test/config.sol, diffed with archive/2026-11-04-DssSpell/test/config.sol');
    expect(cast!.changes).toMatchObject([{ parameter: 'debtCeiling', market: 'ETH-A', to: 20_000_000_000, verified: true }]);
  });

  it('lists last the spell being voted in the chief (named by its slates, not plotted): active, its approval against the hat’s, its changes verified', async () => {
    const items = await skySpellSource().readProposals(context());
    const voted = items.at(-1)!;
    expect(() => Proposal.parse(voted)).not.toThrow();
    // SYNTHETIC (skyGovernanceChain.ts VOTED_SPELL, NOV_CHIEF): 1.38 billion SKY against the hat's 2.05 billion; the plotted 2026-11-19 spell, on a slate beside it, is listed once, as plotted.
    expect(voted).toMatchObject({ id: `sky-spell-${VOTED_SPELL.spell.toLowerCase()}`, title: '2026-11-20 MakerDAO Executive Spell', status: 'active', mechanism: 'vote', noticeSeconds: 172_800, votes: { for: 1_380_000_000, quorumRequired: 2_050_000_000, quorumReached: false } });
    expect(voted.effectiveDate).toBeUndefined();
    expect(voted.summary).toContain('It is being voted in the chief: 1,380,000,000\u00a0SKY approve it against the hat\'s 2,050,000,000\u00a0SKY, which it must exceed to be lifted to the hat');
    expect(voted.changes).toMatchObject([{ parameter: 'autoLineGap', market: 'ETH-A', from: 150_000_000, to: 250_000_000, verified: true }]);
    expect(items.filter((item) => item.id === `sky-spell-${OTHER_SPELLS[0].spell.toLowerCase()}`)).toHaveLength(1);
  });

  it('fails when the chief’s slates cannot be read, so the feed keeps its last good spells rather than drop those in voting', async () => {
    const network = skyGovernanceNetwork({ chiefLogsFail: true });
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/', github: 'http://github.invalid' }, fetch: network.fetch, env: {}, policy: { retries: 0 } });
    await expect(skySpellSource().readProposals({ ...context(), upstreams })).rejects.toThrow(/10000 results|JSON-RPC/);
  });

  it('after a failed chief read, the feed keeps the spell in voting from the last good build, marked stale, and adds none', async () => {
    const build = async (upstreams: ReturnType<typeof createUpstreams>): Promise<SourceOutcome> =>
      skySpellSource()
        .readProposals({ ...context(), upstreams })
        .then((proposals) => ({ source: 'sky/spells', ok: true as const, proposals }))
        .catch((error: Error) => ({ source: 'sky/spells', ok: false as const, message: error.message }));
    const network = (options = {}) => createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/', github: 'http://github.invalid' }, fetch: skyGovernanceNetwork(options).fetch, env: {}, policy: { retries: 0 } });
    const good = mergeFeed(undefined, [await build(network())], new Date('2026-11-22T12:00:00Z'));
    const after = mergeFeed(good, [await build(network({ chiefLogsFail: true }))], new Date('2026-11-22T13:00:00Z'));
    expect(after.sources['sky/spells']).toMatchObject({ ok: false, lastSuccessAt: '2026-11-22T12:00:00.000Z' });
    expect(after.proposals.map((proposal) => proposal.id)).toEqual(good.proposals.map((proposal) => proposal.id));
    expect(after.proposals.find((proposal) => proposal.id === `sky-spell-${VOTED_SPELL.spell.toLowerCase()}`)).toMatchObject({ status: 'active', votes: { for: 1_380_000_000 } });
  });

  it('names the spell’s change from its published after-state: the GSM pause delay 24 h → 48 h, verified', async () => {
    const [spell] = await skySpellSource().readProposals(context());
    expect(spell!.changes).toEqual([
      { protocol: 'sky', parameter: 'gsmDelay', from: 86_400, to: 172_800, unit: 'state', verified: true, evidence: expect.stringMatching(/pause_delay 24 hours → 48 hours/) },
    ]);
    expect(spell!.summary).toContain('archive/2026-05-07-DssSpell/test/config.sol, diffed with archive/2026-04-23-DssSpell/test/config.sol');
  });

  it('finds no published after-state for a spell the config does not name: no change is guessed', async () => {
    const other = { address: '0x0000000000000000000000000000000000000001' as const, description: HAT_DESCRIPTION };
    await expect(readPublishedAfterState(replay.upstreams().github, other, AbortSignal.timeout(5_000))).resolves.toBeUndefined();
  });

  it('fails when GitHub fails, so the feed keeps the last good spell rather than one without its changes', async () => {
    // Another spell than the hat (whose after-state is kept once found), so the source has to ask GitHub.
    replay.server.faults.inject('github', { kind: 'status', status: 503 });
    const spell = { address: '0x0000000000000000000000000000000000000002' as const, description: HAT_DESCRIPTION };
    await expect(readPublishedAfterState(replay.upstreams({ retries: 0 }).github, spell, AbortSignal.timeout(5_000))).rejects.toBeInstanceOf(UpstreamError);
  });
});

describe('a spell’s status from the chain (pure)', () => {
  const base = { eta: 0, done: false, expiration: 2_000, blockTime: 1_000 };
  it('cast where the pause’s exec was read: executed, effective at the cast', () => {
    expect(spellStatus({ ...base, eta: 1_500, done: true, castAt: 1_600 })).toEqual({ status: 'executed', effective: 1_600 });
  });
  it('its plan dropped from the pause: canceled', () => {
    expect(spellStatus({ ...base, eta: 1_500, dropped: true })).toEqual({ status: 'canceled' });
  });
  it('the hat not yet plotted: passed, with no effective date (it takes effect the GSM delay after it is scheduled)', () => {
    expect(spellStatus(base)).toEqual({ status: 'passed' });
  });
  it('plotted: passed, effective at its eta', () => {
    expect(spellStatus({ ...base, eta: 1_500 })).toEqual({ status: 'passed', effective: 1_500 });
  });
  it('cast: executed, effective from its eta', () => {
    expect(spellStatus({ ...base, eta: 1_500, done: true })).toEqual({ status: 'executed', effective: 1_500 });
  });
  it('never plotted by its expiration: closed', () => {
    expect(spellStatus({ ...base, blockTime: 2_001 })).toEqual({ status: 'closed' });
  });
});

describe('where a spell’s after-state is published (pure)', () => {
  const archive = ['2026-04-09-DssSpell', '2026-04-23-DssSpell', 'template', 'MkrAuthority'];
  it('an archived spell: its own folder, diffed with the newest archived before it', () => {
    expect(afterStatePaths('2026-04-23', archive)).toEqual({ after: 'archive/2026-04-23-DssSpell/test/config.sol', before: 'archive/2026-04-09-DssSpell/test/config.sol' });
  });
  it('the spell being prepared: master’s src/test/config.sol', () => {
    expect(afterStatePaths('2026-05-07', archive)).toEqual({ after: 'src/test/config.sol', before: 'archive/2026-04-23-DssSpell/test/config.sol' });
  });
  it('no earlier spell archived: nothing to diff with', () => {
    expect(afterStatePaths('2026-04-01', archive)).toBeUndefined();
  });
  it('reads the date a spell’s description starts with', () => {
    expect(spellDate(HAT_DESCRIPTION)).toBe('2026-05-07');
    expect(spellDate('Executive spell')).toBeUndefined();
  });
});

describe('sky SP-BEAM source over HTTP (recorded chain)', () => {
  it('lists each Set of the last 30 days as applied by a steward with no notice, dated by its block', async () => {
    const items = await skySpBeamSource().readProposals(context());
    for (const item of items) expect(() => Proposal.parse(item)).not.toThrow();
    expect(items.map(({ id, mechanism, noticeSeconds, effectiveDate, status }) => ({ id, mechanism, noticeSeconds, effectiveDate, status }))).toEqual([
      { id: 'sky-spbeam-25990000-0', mechanism: 'steward', noticeSeconds: 0, effectiveDate: '2026-11-07T08:00:00Z', status: 'executed' },
      { id: 'sky-spbeam-25990000-1', mechanism: 'steward', noticeSeconds: 0, effectiveDate: '2026-11-07T08:00:00Z', status: 'executed' },
    ]);
    expect(items[0]!.changes).toMatchObject([{ parameter: 'stabilityFee', market: 'ETH-A', to: 525, unit: 'bps', verified: true }]);
    expect(items[1]!.changes).toMatchObject([{ parameter: 'ssr', market: 'sky-susds', to: 400, unit: 'bps', verified: true }]);
  });

  it('states the next move’s bounds as SP-BEAM holds them on chain, with the earliest time from its last set (toc + tau)', async () => {
    const [ethA, ssr] = await skySpBeamSource().readProposals(context());
    // cfgs("SSR") 200-3000 step 400, tau 57,600 s, toc 2026-11-07 08:00 UTC, read at the head's time (2026-11-22 12:00 UTC).
    expect(ssr!.description).toContain('by at most 4\u00a0% within 2\u00a0% to 30\u00a0%, no sooner than 2026-11-08 00:00\u00a0UTC (16\u00a0hours after its last set), with no vote (bounds read from SP-BEAM on chain at 2026-11-22 12:00\u00a0UTC)');
    // An ilk's bounds are read too (cfgs("ETH-A")), where the declared defaults stated none.
    expect(ethA!.description).toContain('by at most 4\u00a0% within 2\u00a0% to 30\u00a0%, no sooner than 2026-11-08 00:00\u00a0UTC');
  });

  it('falls back to the declared defaults, and says so, when SP-BEAM’s answers cannot be decoded', async () => {
    // The aggregate3 answered with the wrong number of results: the sets stay, their bounds are the declared ones.
    const network = skyGovernanceNetwork({ spBeamReverts: true });
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/', github: 'http://github.invalid' }, fetch: network.fetch, env: {} });
    const items = await skySpBeamSource().readProposals({ ...context(), upstreams });
    expect(items).toHaveLength(2);
    expect(items[1]!.description).toContain('no sooner than 16\u00a0hours after this set, with no vote (declared default from spells-mainnet src/test/config.sol@17aee91)');
  });
});
