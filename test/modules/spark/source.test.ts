import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../shared/contract/proposal.js';
import { renderProposal } from '../../../shared/proposals/render.js';
import { sparkSpellsSource } from '../../../shared/modules/spark/source.js';
import { faultCases } from '../../support/faultCases.js';
import { COUNTING_POLICY, useReplay } from '../../upstream/replayHarness.js';

/*
 * The spark StarGuard source on test/fixtures/upstream/ethereum/spark-starguard.json: real payload
 * addresses, codehashes and engine views (executive docs, spark-spells); synthetic log positions
 * and times (ethereum/spark.md).
 */

const replay = useReplay();
/** Two days after the 2026-04-23 executive: its payload was plotted on 2026-04-24T15:00Z (synthetic time) and is not executed. */
const WHILE_PLOTTED = new Date('2026-04-25T12:00:00Z');
const read = (now = WHILE_PLOTTED, upstreams = replay.upstreams()) => sparkSpellsSource().readProposals({ signal: new AbortController().signal, now, upstreams });

describe('the spark StarGuard source on the recordings', () => {
  it('lists the five newest plotted payloads, newest first, with their StarGuard status', async () => {
    const proposals = await read();
    expect(proposals.map((proposal) => [proposal.id, proposal.status])).toEqual([
      ['spark-starguard-0x160158d029697fea486df8968f3be17a706df0f0', 'passed'],
      ['spark-starguard-0xfa5fc020311fcc1a467fec5886640c7dd746deaa', 'executed'],
      ['spark-starguard-0xe854ce4a58ec1baf997cca483de26b0935ae0f45', 'executed'],
      ['spark-starguard-0x9ffadcf3afb43c1af4ec1d9b6b0405f1fbcf94d6', 'executed'],
      ['spark-starguard-0xf655f6e7843685bfd8cfa4523d43f2b9922bbd77', 'executed'],
    ]);
    for (const proposal of proposals) {
      // The wire form the API renders (a spell names no mechanism: it is a vote there).
      expect(Proposal.safeParse(renderProposal({ proposal }, 'full')).success, proposal.id).toBe(true);
    }
  });

  it('gives the 2026-04-23 payload its collateralsUpdates as a verified change on SparkLend (rETH LTV to 0), the rest KEEP_CURRENT', async () => {
    const [plotted] = await read();
    expect(plotted!.changes).toEqual([
      { protocol: 'spark', market: 'sparklend-ethereum', asset: 'rETH', parameter: 'ltv', to: 0, unit: 'bps', evidence: 'payload Spark spell (0x160158d029697FEa486dF8968f3Be17a706dF0F0) collateralsUpdates()', verified: true },
    ]);
    // Decoded alone it would be a parameter change; the spell's own @notice says it deprecates rETH.
    expect(plotted!.changeType).toBe('shape');
    // Plotted 2026-04-24T15:00Z, executable until its Plot's deadline: the StarGuard's maxDelay of 7 days later.
    expect(plotted!.timeline).toEqual({ created: '2026-04-24T15:00:00Z', start: '2026-04-24T15:00:00Z', end: '2026-05-01T15:00:00Z' });
    expect(plotted!.effectiveDate).toBeUndefined();
  });

  it('gives the 2026-03-26 payload its WBTC reactivation (LTV 77 %, LT 78 %) and its execution date', async () => {
    const executed = (await read()).find((proposal) => proposal.id.endsWith('0xe854ce4a58ec1baf997cca483de26b0935ae0f45'))!;
    expect(executed.changes.map(({ asset, parameter, to }) => [asset, parameter, to])).toEqual([
      ['WBTC', 'ltv', 7700],
      ['WBTC', 'liquidationThreshold', 7800],
    ]);
    expect(executed.effectiveDate).toBe('2026-03-27T16:00:00Z');
  });

  it('states no change for a payload whose work is all in _postExecute', async () => {
    const quiet = (await read()).find((proposal) => proposal.id.endsWith('0xfa5fc020311fcc1a467fec5886640c7dd746deaa'))!;
    expect(quiet.changes).toEqual([]);
    expect(quiet.description).toMatch(/_postExecute/);
  });

  it('titles every recorded spell by what its source says it does, with a changeType and its forum post, never by its address alone', async () => {
    const proposals = await read();
    expect(proposals.map((proposal) => [proposal.title, proposal.changeType])).toEqual([
      ['Spark spell 2026-04-23: new ETH and USDT interest rate models on SparkLend, rETH deprecated, monthly Foundation grants', 'shape'],
      ['Spark spell 2026-04-09: four Liquidity Layer integrations deactivated and others configured, spUSDT, spUSDC and spETH deposit caps raised', 'shape'],
      ['Spark spell 2026-03-26: WBTC reactivated on SparkLend, Anchorage USAT and USDT transfer limits, Q2 Foundation grants', 'shape'],
      ['Spark spell 2026-03-12: Liquidity Layer controller upgraded to v1.10, Cap Automator to v1.1, four assets added to the kill-switch oracle', 'shape'],
      ['Spark spell 2026-02-26: Paxos and a Morpho v2 USDT vault onboarded to the Liquidity Layer, USDT rate limits raised, grants and SPK buybacks', 'shape'],
    ]);
    for (const proposal of proposals) {
      expect(proposal.sourceLinks![0]!.url, proposal.id).toMatch(/^https:\/\/forum\.(sky\.money|skyeco\.com)\/t\/[a-z]+-\d+-2026-proposed-changes-to-spark-for-upcoming-spell\/\d+$/);
      expect(proposal.description, proposal.id).toMatch(/What the spell's source says it does \(sparkdotfi\/spark-spells (archive|src\/proposals)\/2026\d{4}\/SparkEthereum_2026\d{4}\.sol @372770a\)/);
    }
  });

  it('closes a plotted payload nobody executed before its deadline', async () => {
    const [plotted] = await read(new Date('2026-05-02T00:00:00Z'));
    expect(plotted!.status).toBe('closed');
  });
});

describe('the spark StarGuard source under Ethereum faults', () => {
  faultCases({ replay, upstream: 'ethereum', read: (upstreams) => read(WHILE_PLOTTED, upstreams) });

  it('stops at once when the signal fires, before the per-call deadline', async () => {
    replay.server.faults.inject('ethereum', { kind: 'hang' });
    // A per-call deadline of 4 s against the signal's 60 ms: stopping in under half of it is the
    // signal's doing, with room for a loaded machine (TEST_POLICY's 300 ms left 240 ms).
    const upstreams = replay.upstreams(COUNTING_POLICY);
    const started = performance.now();
    await expect(sparkSpellsSource().readProposals({ signal: AbortSignal.timeout(60), now: WHILE_PLOTTED, upstreams })).rejects.toBeDefined();
    expect(performance.now() - started).toBeLessThan(COUNTING_POLICY.deadlineMs / 2);
  });
});
