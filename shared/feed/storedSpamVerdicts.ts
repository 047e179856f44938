import type { FeedProposal } from '../domain/proposal.js';
import type { FeedStore } from '../stores/types.js';

type Verdicts = Pick<FeedProposal, 'spam'>[];

/** The last verdicts read per store, revalidated by ETag, so a request parses the feed only when it changed. */
const lastRead = new WeakMap<FeedStore, { etag: string; verdicts: Verdicts }>();

const verdictOf = (proposal: unknown): Pick<FeedProposal, 'spam'> => {
  const spam = typeof proposal === 'object' && proposal !== null ? (proposal as { spam?: unknown }).spam : undefined;
  return typeof spam === 'object' && spam !== null && typeof (spam as { rule?: unknown }).rule === 'string' ? { spam: spam as FeedProposal['spam'] } : {};
};

/**
 * The spam verdicts of the stored feed, for GET /api's rule counts. Read apart from readFeed, whose
 * per-proposal check against the contract needs zod's runtime (most of a light function's cold
 * start): counting verdicts needs only each verdict's rule, checked here by hand, so a proposal held
 * back for a malformed field still counts under the spam rule that holds it back.
 */
export async function storedSpamVerdicts(store: FeedStore): Promise<Verdicts> {
  const previous = lastRead.get(store);
  const read = await store.read(previous?.etag);
  if (read.status === 'unchanged' && previous) return previous.verdicts;
  if (read.status !== 'found') return [];
  const verdicts = Array.isArray(read.feed.proposals) ? (read.feed.proposals as unknown[]).map(verdictOf) : [];
  lastRead.set(store, { etag: read.etag, verdicts });
  return verdicts;
}
