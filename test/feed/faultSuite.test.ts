import { afterAll, describe, expect, it } from 'vitest';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import { readFeed } from '../../shared/feed/readFeed.js';
import { MODULE_ENTRIES } from '../../shared/modules/loaders.js';
import { MemoryFeedStore } from '../../shared/stores/memory/memoryFeedStore.js';
import type { UpstreamId } from '../../shared/upstream/endpoints.js';
import type { Fault } from '../../shared/upstream/replay/faults.js';

import { FEED_BUILD_POLICY, missesOnRecordedUpstreams, recordedFeedUpstreams, useReplay } from '../upstream/replayHarness.js';

/*
 * The fault suite of the feed (issue 12): every fault the replay server plays, on every upstream a
 * recorded governance system reads, after a good build. Only the systems reading that upstream
 * fail; their last good proposals stay, marked stale; the feed never shrinks; the global feed
 * names exactly them as degraded (component source); nothing throws.
 */
const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');

/** The recorded systems each upstream serves (the unrecorded ones — Jito, the Snapshot spaces — fail anyway). */
const SYSTEMS_OF: Partial<Record<UpstreamId, string[]>> = {
  ethereum: ['aave/gov3', 'aave/stewards', 'aave/v4stewards', 'compound/governors', 'compound/guardian', 'lido/aragon', 'lido/easytrack', 'morpho/ethvaults', 'sky/polls', 'sky/spBeam', 'sky/spells', 'spark/automator', 'spark/starguard'],
  optimism: ['aave/opstewards', 'compound/marketupdates', 'compound/optimismguardian'],
  avalanche: ['aave/v4avaxstewards'],
  cosmosRpc: ['cosmoshub/gov'],
  xrpl: ['xrpl/ledger'],
};
const FAULTS: [string, Fault][] = [
  ['status:503', { kind: 'status', status: 503 }],
  ['hang', { kind: 'hang' }],
  ['malformed', { kind: 'malformed' }],
  ['wrongChain', { kind: 'wrongChain' }],
];

/**
 * A source's deadline with room for a busy two-core machine (the whole suite runs beside this file):
 * a fault still fails its sources within it (a hang at the per-call deadline, retries included),
 * and a good build is not cut short by the load.
 */
async function build(store: MemoryFeedStore) {
  const upstreams = recordedFeedUpstreams(replay);
  return buildFeed({ modules: MODULE_ENTRIES, store, now: () => NOW, deadlineMs: 4 * FEED_BUILD_POLICY.deadlineMs!, upstreams });
}

const RECORDED_SYSTEMS = Object.values(SYSTEMS_OF).flat();

/** Requests to recorded upstreams that find no recording are this suite's business, not the harness's. */
const acceptMisses = () => replay.expectMisses(missesOnRecordedUpstreams(replay.server, replay.fixtures).length);

describe('the feed builder under every fault of every upstream', () => {
  const cases = Object.entries(SYSTEMS_OF).flatMap(([upstream, systems]) => FAULTS.map(([name, fault]) => [upstream as UpstreamId, name, fault, systems!] as const));

  it.each(cases)('%s %s: only the systems reading it fail, keep their proposals marked stale, and the feed never shrinks', async (upstream, _name, fault, systems) => {
    const store = new MemoryFeedStore();
    // The premise: every recorded system read its recording before the fault. Under the whole suite a
    // good build can still overrun a source's deadline on two busy cores; that is load, not this
    // suite's subject, so the good build is tried up to three times (a system that cannot read its
    // recording fails all three).
    const unread = (built: Awaited<ReturnType<typeof build>>) => built.outcomes.filter((outcome) => !outcome.ok && RECORDED_SYSTEMS.includes(outcome.source)).map((outcome) => outcome.source);
    let good = await build(store);
    for (let attempt = 1; attempt < 3 && unread(good).length > 0; attempt++) good = await build(store);
    expect(unread(good)).toEqual([]);
    const failedBefore = new Set(good.outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.source));
    replay.server.faults.inject(upstream, fault);
    const faulted = await build(store);
    replay.server.faults.clear();
    acceptMisses();

    const newlyFailed = faulted.outcomes.filter((outcome) => !outcome.ok && !failedBefore.has(outcome.source)).map((outcome) => outcome.source);
    expect(newlyFailed.sort()).toEqual([...systems].sort());
    expect(faulted.feed.proposals.map((proposal) => proposal.id).sort()).toEqual(good.feed.proposals.map((proposal) => proposal.id).sort());
    for (const system of systems) expect(faulted.feed.sources[system]!.message).toMatch(/proposals as of/);

    const served = await readFeed(store, NOW);
    const degraded = served.degraded.filter((entry) => entry.component === 'source').map((entry) => entry.module);
    for (const system of systems) expect(degraded).toContain(system.split('/')[0]);
  });
});
