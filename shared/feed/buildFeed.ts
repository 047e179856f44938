import type { ModuleEntry } from '../modules/types.js';
import { withDeadline } from '../scan/withDeadline.js';
import type { FeedStore, StoredFeed } from '../stores/types.js';
import { mergeFeed, type SourceOutcome } from './mergeFeed.js';

export interface BuildFeedParameters {
  modules: readonly ModuleEntry[];
  store: FeedStore;
  now: () => Date;
  /** Each source's deadline: the slowest source bounds the build, a hung one never holds it. */
  deadlineMs: number;
}

export interface BuildFeedReturnType {
  feed: StoredFeed;
  written: boolean;
  outcomes: { slug: string; ok: boolean; count: number; ms: number; message?: string }[];
}

/**
 * Builds the global feed: every module's source in parallel, each under its own deadline; merged
 * with the previous feed (see mergeFeed); written in one atomic write. Run at start and every five
 * minutes by the local server, and by the scheduled Lambda in AWS.
 */
export async function buildFeed({ modules, store, now, deadlineMs }: BuildFeedParameters): Promise<BuildFeedReturnType> {
  const previousRead = await store.read();
  const previous = previousRead.status === 'found' ? previousRead.feed : undefined;
  const timed = await Promise.all(modules.map((entry) => readSource(entry, now, deadlineMs)));
  const feed = mergeFeed(previous, timed.map(({ outcome }) => outcome), now());
  const emptied = feed.proposals.length === 0 && (previous?.proposals.length ?? 0) > 0;
  if (!emptied) await store.write(feed);
  return {
    feed: emptied ? previous! : feed,
    written: !emptied,
    outcomes: timed.map(({ outcome, ms }) => ({
      slug: outcome.slug,
      ok: outcome.ok,
      count: outcome.ok ? outcome.proposals.length : 0,
      ms,
      ...(!outcome.ok && { message: outcome.message }),
    })),
  };
}

async function readSource(entry: ModuleEntry, now: () => Date, deadlineMs: number): Promise<{ outcome: SourceOutcome; ms: number }> {
  const started = performance.now();
  try {
    const module = await entry.load();
    const proposals = await withDeadline(deadlineMs, (signal) => module.source.readProposals({ signal, now: now() }));
    return { outcome: { slug: entry.slug, ok: true, proposals }, ms: performance.now() - started };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    return { outcome: { slug: entry.slug, ok: false, message }, ms: performance.now() - started };
  }
}
