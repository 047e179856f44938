import type { FeedProposal } from '../domain/proposal.js';

/** What of a proposal a watch can react to: its lifecycle, its dates and its changes (firstSeen and the like are not). */
const watchedPart = (proposal: FeedProposal): string =>
  JSON.stringify([proposal.status, proposal.timeline, proposal.changes, proposal.title, proposal.summary, proposal.mechanism ?? null, proposal.effectiveDate ?? null, proposal.spam ?? null]);

/**
 * The protocols whose proposals differ between two feeds: one added, one gone, or one whose
 * status, dates or changes moved. Pure. A build that changed nothing gives none, and no wallet is
 * re-matched for it (the hourly rescans still run).
 *
 * @example changedProtocols([], [{ id: 'x-gov-1', protocol: 'x', … }]) // ['x']
 */
export function changedProtocols(before: readonly FeedProposal[], after: readonly FeedProposal[]): string[] {
  const previous = new Map(before.map((proposal) => [proposal.id, proposal]));
  const changed = new Set<string>();
  for (const proposal of after) {
    const old = previous.get(proposal.id);
    if (!old || watchedPart(old) !== watchedPart(proposal)) changed.add(proposal.protocol);
    previous.delete(proposal.id);
  }
  for (const gone of previous.values()) changed.add(gone.protocol);
  return [...changed].sort();
}
