import { DateTime, type ScanDegradation } from '../contract/common.js';
import type { FeedProposal } from '../domain/proposal.js';
import { MODULES } from '../modules/registry.js';
import type { FeedStore, SourceState, StoredFeed } from '../stores/types.js';
import type { FeedNotice } from './sanitize/feedNotices.js';
import { noticeMessage } from './sanitize/feedNotices.js';
import { servableProposals } from './sanitize/sanitizeProposals.js';

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
 * A stored feed as requests may serve it: a proposal whose wire form the contract rejects (a feed
 * stored by an older build, or by hand) is held back and named in its module's degraded entry,
 * never served as a 500. Checked once per stored version (the caller keeps the result by ETag).
 */
function servable(stored: StoredFeed, now: Date): { feed: StoredFeed; degraded: ScanDegradation[] } {
  const { proposals, notices } = servableProposals(Array.isArray(stored.proposals) ? stored.proposals : []);
  // Every answer carries it as refreshedAt; a feed written by hand may lack it, and then the first read stands in.
  const builtAt = DateTime.safeParse(stored.builtAt).success ? stored.builtAt : now.toISOString();
  return { feed: { ...stored, builtAt, proposals }, degraded: degradedSources(stored, notices) };
}

/**
 * The stored global feed as requests see it. Before any build has finished, the feed is empty and
 * every source is reported as not read yet: coverage is missing, which is not the same as no proposals.
 */
export async function readFeed(store: FeedStore, now: Date): Promise<FeedView> {
  const previous = lastRead.get(store);
  const read = await store.read(previous?.etag);
  const current = read.status === 'found' ? { ...servable(read.feed, now), etag: read.etag } : read.status === 'unchanged' ? previous : undefined;
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

/**
 * One entry per module with a source whose last read failed or that was never read, or whose
 * proposals lost values or were held back (the build's notices in an ok source's message, and
 * `held`, found on this read). Pure.
 */
function degradedSources(feed: StoredFeed, held: readonly FeedNotice[]): ScanDegradation[] {
  const sources = typeof feed.sources === 'object' && feed.sources !== null ? feed.sources : {};
  return MODULES.flatMap(({ slug }) => {
    // A module's sources are its governance systems, `slug/part`; feeds stored before the split key by slug.
    const own = (key: string) => key === slug || key.startsWith(`${slug}/`);
    const states = Object.entries(sources).filter(([key, state]) => own(key) && typeof state === 'object' && state !== null);
    const heldHere = held.filter((notice) => own(notice.source)).map((notice) => notice.text);
    const heldNote = heldHere.length > 0 ? [`held back on read: ${noticeMessage(heldHere)}`] : [];
    if (states.length === 0) return [{ module: slug, component: 'source' as const, message: ['not read yet', ...heldNote].join('; ') }];
    const messageOf = (state: SourceState) => (typeof state.message === 'string' && state.message ? state.message : undefined);
    const noted = states.filter(([, state]) => state.ok !== true || messageOf(state));
    if (noted.length === 0 && heldNote.length === 0) return [];
    // Name the system only where the protocol has several (an on-chain vote and a Snapshot space).
    const message = [
      ...noted.map(([key, state]) => {
        const text = messageOf(state) ?? 'not read';
        return states.length > 1 ? `${key.slice(slug.length + 1)} (${text})` : text;
      }),
      ...heldNote,
    ].join('; ');
    return [{ module: slug, component: 'source' as const, message }];
  });
}
