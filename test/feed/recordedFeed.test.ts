import { afterAll, describe, expect, it } from 'vitest';
import { Proposal } from '../../shared/api/schemas/proposal.js';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import { MODULES } from '../../shared/modules/registry.js';
import { MemoryFeedStore } from '../../shared/stores/memory/memoryFeedStore.js';
import { createUpstreams, useUpstreams } from '../../shared/upstream/upstreams.js';
import { TEST_POLICY, useReplay } from '../upstream/replayHarness.js';

const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');

/**
 * Sources with no recording yet, and the upstream each one misses: no real upstream body (nor the
 * values to encode one) has been published for them. `npm run record` fills them from the live
 * upstreams; until then the build must report them degraded, never as "no proposals".
 */
const UNRECORDED: Record<string, { upstream: string; why: string }> = {
  jito: { upstream: 'solana', why: 'no Jito proposal account data published (test/fixtures/upstream/solana/jito.md)' },
  lido: { upstream: 'snapshot', why: 'no hub answer for lido-snapshot.eth published (test/fixtures/upstream/ethereum/lido.md)' },
};
const RECORDED = MODULES.map((entry) => entry.slug).filter((slug) => !(slug in UNRECORDED));

/** The misses of this test are exactly the unrecorded sources' requests; the harness then lets them pass. */
function expectOnlyUnrecordedMisses(): void {
  const missed = [...new Set(replay.server.misses.map((miss) => miss.upstream))].sort();
  expect(missed).toEqual([...new Set(Object.values(UNRECORDED).map((entry) => entry.upstream))].sort());
  replay.expectMisses(replay.server.misses.length);
}

afterAll(() => useUpstreams(createUpstreams({ env: {} })));

/** One feed build of every registered source on the recorded upstreams, as `UPSTREAM=recorded npm start` runs it. */
async function buildRecordedFeed(store = new MemoryFeedStore()) {
  const upstreams = replay.upstreams();
  useUpstreams(upstreams);
  const result = await buildFeed({ modules: MODULES, store, now: () => NOW, deadlineMs: 10 * TEST_POLICY.deadlineMs });
  return { ...result, counts: upstreams.counter.snapshot() };
}

describe('the feed built from the recorded upstreams', () => {
  it('holds proposals of every protocol whose upstreams are recorded, and reports the others degraded', async () => {
    const { feed, outcomes } = await buildRecordedFeed();
    expect(outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.slug).sort()).toEqual(Object.keys(UNRECORDED).sort());
    expect([...new Set(feed.proposals.map((proposal) => proposal.protocol))].sort()).toEqual([...RECORDED].sort());
    for (const slug of Object.keys(UNRECORDED)) expect(feed.sources[slug]).toMatchObject({ ok: false });
    expectOnlyUnrecordedMisses();
  });

  it('stores only proposals that are valid on the wire, with unique ids of the documented form', async () => {
    const { feed } = await buildRecordedFeed();
    expectOnlyUnrecordedMisses();
    for (const proposal of feed.proposals) {
      const { changes: _changes, firstSeen: _firstSeen, ...wire } = proposal;
      expect(Proposal.safeParse(wire).success, proposal.id).toBe(true);
      expect(proposal.id).toMatch(new RegExp(`^${proposal.protocol}-[A-Za-z0-9_]+-[A-Za-z0-9_-]+$`));
    }
    const ids = feed.proposals.map((proposal) => proposal.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps every source’s proposals when all upstreams then fail, and marks them stale', async () => {
    const store = new MemoryFeedStore();
    const good = await buildRecordedFeed(store);
    expectOnlyUnrecordedMisses();
    for (const upstream of ['ethereum', 'snapshot', 'ipfs', 'solana', 'cosmosRpc', 'cosmosRest'] as const) replay.server.faults.inject(upstream, { kind: 'status', status: 503 });
    replay.server.faults.inject('xrpl', { kind: 'status', status: 503 });
    const failed = await buildRecordedFeed(store);
    expect(failed.outcomes.every((outcome) => !outcome.ok)).toBe(true);
    expect(failed.feed.proposals.map((proposal) => proposal.id).sort()).toEqual(good.feed.proposals.map((proposal) => proposal.id).sort());
    for (const slug of RECORDED) expect(failed.feed.sources[slug]!.message).toMatch(/proposals as of/);
  });
});
