import { type FeedProposal, shownByDefault } from '../shared/domain/proposal.js';
import { isHttpUrl } from '../shared/governance/isHttpUrl.js';
import { byFeedOrder } from '../shared/proposals/ordering.js';
import type { StoredFeed } from '../shared/stores/types.js';

/**
 * What the index and the Atom feed list: live and pending proposals of every protocol, active ones
 * ending soonest first, then pending ones starting soonest (byFeedOrder); none held back as spam.
 */
export const liveProposals = (feed: StoredFeed): FeedProposal[] =>
  feed.proposals
    .filter((proposal) => shownByDefault(proposal) && (proposal.status === 'active' || proposal.status === 'pending'))
    .map((proposal) => ({ proposal }))
    .sort(byFeedOrder)
    .map(({ proposal }) => proposal);

/** The proposal's primary source, when it is an http(s) URL and the proposal is not held back as spam. */
export function primarySource(proposal: FeedProposal): string | undefined {
  if (!shownByDefault(proposal)) return undefined;
  const url = proposal.sourceLinks?.[0]?.url ?? proposal.snapshotUrl ?? proposal.discussionUrl;
  return isHttpUrl(url) ? url : undefined;
}

/** Sources whose last read failed, or that were never read: named on the index, never hidden. */
export const failedSources = (feed: StoredFeed): { source: string; lastSuccessAt?: string }[] =>
  Object.entries(feed.sources)
    .filter(([, state]) => !state.ok)
    .map(([source, state]) => ({ source, ...(state.lastSuccessAt && { lastSuccessAt: state.lastSuccessAt }) }))
    .sort((a, b) => a.source.localeCompare(b.source));
