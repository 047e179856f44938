/**
 * The feed build on the recorded upstreams (the replay server, over real HTTP and WebSocket):
 * upstream requests per source per build, and the build's wall time when one upstream answers
 * late, against the time the slowest source alone takes under that same latency. The builder runs
 * sources in parallel, so the second should bound the first (target: within 200 ms).
 */
import { buildFeed } from '../shared/feed/buildFeed.js';
import { MODULE_ENTRIES } from '../shared/modules/loaders.js';
import type { ModuleEntry } from '../shared/modules/types.js';
import { MemoryFeedStore } from '../shared/stores/memory/memoryFeedStore.js';
import { UPSTREAM_IDS, type UpstreamId } from '../shared/upstream/endpoints.js';
import { startReplayServer } from '../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../shared/upstream/upstreams.js';
import type { Row } from './measure.js';

const DEADLINE_MS = 20_000;
const LATENCY_MS = 800;
const RUNS = 7;

export interface FeedBenchResult {
  rows: Row[];
  perSource: { module: string; sources: string; requests: string }[];
}

export async function benchFeed(): Promise<FeedBenchResult> {
  const replay = await startReplayServer({ onMiss: () => undefined });
  const build = async (modules: readonly ModuleEntry[]) => {
    // Fresh upstreams (and counter) per build: the bench counts one build at a time.
    const upstreams = createUpstreams({ endpoints: replay.endpoints, env: {} });
    const started = performance.now();
    const result = await buildFeed({ modules, store: new MemoryFeedStore(), now: () => new Date(), deadlineMs: DEADLINE_MS, upstreams });
    return { ms: performance.now() - started, result, counts: upstreams.counter.snapshot() };
  };

  try {
    // 1. Requests per source per build, each source alone.
    const perSource: FeedBenchResult['perSource'] = [];
    const usedBy = new Map<string, UpstreamId[]>();
    for (const entry of MODULE_ENTRIES) {
      await build([entry]); // warm: module code loaded, clients built
      const { result, counts } = await build([entry]);
      const used = UPSTREAM_IDS.filter((id) => counts[id].requests > 0);
      usedBy.set(entry.slug, used);
      perSource.push({
        module: entry.slug,
        // Each governance system, and what it gave: its proposal count, or why it failed (no recording, say).
        sources: result.outcomes.map((outcome) => `${outcome.source}: ${outcome.ok ? `${outcome.count} proposals` : `failed (${(outcome.message ?? '').slice(0, 60)})`}`).join('; '),
        requests: used.map((id) => `${id} ${counts[id].requests} (${counts[id].calls} calls)`).join(', ') || 'none',
      });
    }

    // 2. Wall time of a whole build: no fault, then LATENCY_MS on the upstream the most sources use,
    //    against each source alone under that same latency (the slowest of them bounds the build).
    const rows: Row[] = [];
    const sample = async (modules: readonly ModuleEntry[]) => {
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) samples.push((await build(modules)).ms);
      return samples;
    };
    rows.push({ group: 'feed build (recorded upstreams)', name: 'all sources, no fault', samples: await sample(MODULE_ENTRIES) });
    const slowUpstream = busiestUpstream(usedBy);
    replay.faults.inject(slowUpstream, { kind: 'latency', ms: LATENCY_MS });
    // Each source alone, one after the other: parallel runs would share the 2 cores.
    let slowest = { slug: '', median: 0, samples: [] as number[] };
    for (const entry of MODULE_ENTRIES.filter((candidate) => usedBy.get(candidate.slug)?.includes(slowUpstream))) {
      const samples = await sample([entry]);
      const median = [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
      if (median > slowest.median) slowest = { slug: entry.slug, median, samples };
    }
    if (slowest.slug) rows.push({ group: 'feed build (recorded upstreams)', name: `${slowest.slug} alone, ${slowUpstream} +${LATENCY_MS} ms per request`, samples: slowest.samples, note: 'the slowest source alone under the fault' });
    rows.push({ group: 'feed build (recorded upstreams)', name: `all sources, ${slowUpstream} +${LATENCY_MS} ms per request`, samples: await sample(MODULE_ENTRIES), note: 'target: within 200 ms of the row above' });
    replay.faults.clear();
    return { rows, perSource };
  } finally {
    await replay.close();
  }
}

/** The upstream the most sources read (ties: the first in UPSTREAM_IDS). */
function busiestUpstream(usedBy: Map<string, UpstreamId[]>): UpstreamId {
  const uses = (id: UpstreamId) => [...usedBy.values()].filter((used) => used.includes(id)).length;
  return [...UPSTREAM_IDS].sort((a, b) => uses(b) - uses(a))[0]!;
}
