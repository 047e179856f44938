import { afterAll, describe, expect, it } from 'vitest';
import { Proposal } from '../../shared/contract/proposal.js';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import { MODULE_ENTRIES } from '../../shared/modules/loaders.js';
import { renderProposal } from '../../shared/proposals/render.js';
import { MemoryFeedStore } from '../../shared/stores/memory/memoryFeedStore.js';
import { UPSTREAM_IDS } from '../../shared/upstream/endpoints.js';

import { FEED_BUILD_POLICY, missesOnRecordedUpstreams, recordedFeedUpstreams, useReplay } from '../upstream/replayHarness.js';

const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');

/**
 * Sources with no recording yet, and the upstream each one misses: no real upstream body (nor the
 * values to encode one) has been published for them. `npm run record` fills them from the live
 * upstreams; until then the build must report them degraded, never as "no proposals".
 */
const UNRECORDED: Record<string, { upstream: string; why: string }> = {
  'jito/realms': { upstream: 'solana', why: 'no Jito proposal account data published (test/fixtures/upstream/solana/jito.md)' },
  'aave/snapshot': { upstream: 'snapshot', why: 'no hub answer for aavedao.eth or aave.eth published' },
  'aave/basestewards': { upstream: 'base', why: 'no Base recording: it would turn the aave source’s unrecorded Base payload reads into counted misses (test/modules/aave/stewards/l2CapsScenarios.ts serves its window in memory)' },
  'aave/arbstewards': { upstream: 'arbitrum', why: 'no Arbitrum recording: it would turn the aave source’s unrecorded Arbitrum payload reads into counted misses (test/modules/aave/stewards/arbitrumScenario.ts serves its window in memory)' },
  // Compound's Comet pauses on the L2s with no recording (Optimism's is recorded); test/modules/compound/l2PauseScenario.ts serves them in memory.
  'compound/arbitrumguardian': { upstream: 'arbitrum', why: 'no Arbitrum recording: it would turn the aave source’s unrecorded Arbitrum payload reads into counted misses' },
  'compound/baseguardian': { upstream: 'base', why: 'no Base recording: it would turn the aave source’s unrecorded Base payload reads into counted misses' },
  'compound/lineaguardian': { upstream: 'linea', why: 'no Linea recording: it would turn a recorded scan’s unrecorded Linea Comet reads into counted misses' },
  'compound/mantleguardian': { upstream: 'mantle', why: 'no Mantle recording: it would turn a recorded scan’s unrecorded Mantle Comet reads into counted misses' },
  'compound/polygonguardian': { upstream: 'polygon', why: 'no Polygon recording: it would turn a recorded scan’s unrecorded Polygon Comet reads into counted misses' },
  'compound/scrollguardian': { upstream: 'scroll', why: 'no Scroll recording: it would turn a recorded scan’s unrecorded Scroll Comet reads into counted misses' },
  'compound/unichainguardian': { upstream: 'unichain', why: 'no Unichain recording: it would turn a recorded scan’s unrecorded Unichain Comet reads into counted misses' },
  'compound/snapshot': { upstream: 'snapshot', why: 'no hub answer for comp-vote.eth published' },
  'lido/snapshot': { upstream: 'snapshot', why: 'no hub answer for lido-snapshot.eth published (test/fixtures/upstream/ethereum/lido.md)' },
  'morpho/basevaults': { upstream: 'base', why: 'no Base recording: it would turn the aave source’s unrecorded Base payload reads into counted misses (shared/modules/morpho/README.md §8)' },
  'morpho/snapshot': { upstream: 'snapshot', why: 'no hub answer for morpho.eth published' },
  'spark/snapshot': { upstream: 'snapshot', why: 'no hub answer for sparkfi.eth published (test/fixtures/upstream/ethereum/spark.md)' },
};
/**
 * Payload chains read by the aave source that nothing is recorded for: proposals 512 (Arbitrum,
 * Base, Gnosis, Sonic, Plasma), 513 (Monad) and 514 (X Layer). The public caches hold no state of
 * those payloads from the recordings' date, so they stay unread and their proposals `passed`.
 */
const UNREAD_PAYLOAD_CHAINS = ['arbitrum', 'base', 'gnosis', 'sonic', 'plasma', 'monad', 'xlayer'];
/** Protocols with at least one recorded governance system: jito has none. */
const RECORDED = MODULE_ENTRIES.map((entry) => entry.slug).filter((slug) => slug !== 'jito');

/** The misses of this test are exactly the unrecorded sources' requests; the harness then lets them pass. */
function expectOnlyUnrecordedMisses(): void {
  const missed = [...new Set(replay.server.misses.map((miss) => miss.upstream))].sort();
  expect(missed).toEqual([...new Set([...Object.values(UNRECORDED).map((entry) => entry.upstream), ...UNREAD_PAYLOAD_CHAINS])].sort());
  replay.expectMisses(missesOnRecordedUpstreams(replay.server, replay.fixtures).length);
}

/** One feed build of every registered source on the recorded upstreams, as `UPSTREAM=recorded npm start` runs it. */
async function buildRecordedFeed(store = new MemoryFeedStore()) {
  const upstreams = recordedFeedUpstreams(replay);
  const result = await buildFeed({ modules: MODULE_ENTRIES, store, now: () => NOW, deadlineMs: 4 * FEED_BUILD_POLICY.deadlineMs!, upstreams });
  return { ...result, counts: upstreams.counter.snapshot() };
}

describe('the feed built from the recorded upstreams', () => {
  it('holds proposals of every protocol with a recorded governance system, and reports the unrecorded systems degraded', async () => {
    const { feed, outcomes } = await buildRecordedFeed();
    expect(outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.source).sort()).toEqual(Object.keys(UNRECORDED).sort());
    expect([...new Set(feed.proposals.map((proposal) => proposal.protocol))].sort()).toEqual([...RECORDED].sort());
    for (const source of Object.keys(UNRECORDED)) expect(feed.sources[source]).toMatchObject({ ok: false });
    expectOnlyUnrecordedMisses();
  });

  it('stores only proposals that are valid on the wire, with unique ids of the documented form', async () => {
    const { feed } = await buildRecordedFeed();
    expectOnlyUnrecordedMisses();
    for (const proposal of feed.proposals) {
      // The wire form the API serves (a proposal that names no mechanism is a vote there).
      expect(Proposal.safeParse(renderProposal({ proposal }, 'full')).success, proposal.id).toBe(true);
      expect(proposal.id).toMatch(new RegExp(`^${proposal.protocol}-[A-Za-z0-9_]+-[A-Za-z0-9_-]+$`));
    }
    const ids = feed.proposals.map((proposal) => proposal.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps every source’s proposals when all upstreams then fail, and marks them stale', async () => {
    const store = new MemoryFeedStore();
    const good = await buildRecordedFeed(store);
    expectOnlyUnrecordedMisses();
    for (const upstream of UPSTREAM_IDS) replay.server.faults.inject(upstream, { kind: 'status', status: 503 });
    const failed = await buildRecordedFeed(store);
    expect(failed.outcomes.every((outcome) => !outcome.ok)).toBe(true);
    expect(failed.feed.proposals.map((proposal) => proposal.id).sort()).toEqual(good.feed.proposals.map((proposal) => proposal.id).sort());
    const recordedSources = good.outcomes.filter((outcome) => outcome.ok).map((outcome) => outcome.source);
    expect(recordedSources.length).toBeGreaterThan(0);
    for (const source of recordedSources) expect(failed.feed.sources[source]!.message).toMatch(/proposals as of/);
  });
});
