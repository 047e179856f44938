import type { ScanDegradation } from '../contract/common.js';
import type { FeedProposal } from '../domain/proposal.js';
import { MODULES } from '../modules/registry.js';
import type { FeedStore, StoredFeed } from '../stores/types.js';

export interface FeedView {
  proposals: FeedProposal[];
  /** Sources whose last read failed (their last good proposals stay in the feed). */
  degraded: ScanDegradation[];
  refreshedAt: string;
  /** The stored feed's ETag (`none` before any build): what answers made from this feed are keyed by. */
  version: string;
}

/**
 * Keeps the last feed read per store with what requests derive from it, revalidated by ETag, so a
 * request parses the feed and works out its degraded sources only when it changed.
 */
const lastRead = new WeakMap<FeedStore, { etag: string; feed: StoredFeed; degraded: ScanDegradation[] }>();

/**
 * The stored global feed as requests see it. Before any build has finished, the feed is empty and
 * every source is reported as not read yet: coverage is missing, which is not the same as no proposals.
 */
export async function readFeed(store: FeedStore, now: Date): Promise<FeedView> {
  const previous = lastRead.get(store);
  const read = await store.read(previous?.etag);
  const current = read.status === 'found' ? { etag: read.etag, feed: read.feed, degraded: degradedSources(read.feed) } : read.status === 'unchanged' ? previous : undefined;
  if (read.status === 'found') lastRead.set(store, current!);
  if (!current) {
    return {
      proposals: [],
      degraded: MODULES.map(({ slug }) => ({ module: slug, component: 'source', message: 'not read yet: no feed has been built' })),
      refreshedAt: now.toISOString(),
      version: 'none',
    };
  }
  return { proposals: current.feed.proposals, degraded: current.degraded, refreshedAt: current.feed.builtAt, version: current.etag };
}

/** One entry per module with a source whose last read failed or that was never read. Pure. */
function degradedSources(feed: StoredFeed): ScanDegradation[] {
  return MODULES.flatMap(({ slug }) => {
    // A module's sources are its governance systems, `slug/part`; feeds stored before the split key by slug.
    const states = Object.entries(feed.sources).filter(([key]) => key === slug || key.startsWith(`${slug}/`));
    if (states.length === 0) return [{ module: slug, component: 'source' as const, message: 'not read yet' }];
    const failed = states.filter(([, state]) => !state.ok);
    if (failed.length === 0) return [];
    // Name the system only where the protocol has several (an on-chain vote and a Snapshot space).
    const message = failed
      .map(([key, state]) => (states.length > 1 ? `${key.slice(slug.length + 1)} (${state.message ?? 'not read'})` : (state.message ?? 'not read')))
      .join('; ');
    return [{ module: slug, component: 'source' as const, message }];
  });
}
