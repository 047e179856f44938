import { IMPACT_RANK } from '../contract/enums.js';
import type { FeedProposal } from '../domain/proposal.js';
import type { Matched } from './filters.js';

const time = (value: string | undefined, missing: number) => (value ? Date.parse(value) : missing);

/**
 * Wallet order (decisions.md, Ordering): impact level, critical first; then the size of
 * estimatedImpactUsd, larger first (its sign says gain or loss, materiality is its size);
 * then the vote's end, sooner first.
 */
export function byMateriality(a: Matched, b: Matched): number {
  const level = IMPACT_RANK[b.impact?.level ?? 'none'] - IMPACT_RANK[a.impact?.level ?? 'none'];
  if (level !== 0) return level;
  const usd = Math.abs(b.impact?.estimatedImpactUsd ?? 0) - Math.abs(a.impact?.estimatedImpactUsd ?? 0);
  if (usd !== 0) return usd;
  return votingEnd(a.proposal, Infinity) - votingEnd(b.proposal, Infinity) || a.proposal.id.localeCompare(b.proposal.id);
}

/**
 * Global feed order: active, ending soonest first; then pending, starting soonest first; then the
 * rest, most recently ended first. Ties fall back to the id so the order is stable across builds.
 */
export function byFeedOrder(a: Matched, b: Matched): number {
  const group = feedGroup(a.proposal) - feedGroup(b.proposal);
  if (group !== 0) return group;
  const [x, y] = [a.proposal, b.proposal];
  const delta =
    x.status === 'active'
      ? votingEnd(x, Infinity) - votingEnd(y, Infinity)
      : x.status === 'pending'
        ? time(x.timeline.start, Infinity) - time(y.timeline.start, Infinity)
        : votingEnd(y, -Infinity) - votingEnd(x, -Infinity);
  return (Number.isNaN(delta) ? 0 : delta) || x.id.localeCompare(y.id);
}

const feedGroup = (proposal: FeedProposal) => (proposal.status === 'active' ? 0 : proposal.status === 'pending' ? 1 : 2);

/** When voting ends, or the best date the source gives for when the question settles. */
export const votingEndsAt = (proposal: FeedProposal): string =>
  proposal.timeline.end ?? proposal.effectiveDate ?? proposal.timeline.start ?? proposal.timeline.created ?? proposal.firstSeen;

const votingEnd = (proposal: FeedProposal, missing: number) => time(proposal.timeline.end ?? proposal.effectiveDate, missing);
