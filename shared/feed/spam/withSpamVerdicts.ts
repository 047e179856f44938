import type { FeedProposal } from '../../domain/proposal.js';
import { phishingLinkVerdict } from './phishingLinks.js';

/**
 * The feed's proposals with every spam verdict set: a module's own (its protocol rules, Snapshot's
 * flag) stands; the link rule, common to every source, judges the rest. Run on every build, so a
 * newer pinned list also judges proposals kept from a failed source. Pure.
 */
export function withSpamVerdicts(proposals: readonly FeedProposal[]): FeedProposal[] {
  return proposals.map((proposal) => {
    if (proposal.spam) return proposal;
    const spam = phishingLinkVerdict(proposal);
    return spam ? { ...proposal, spam } : proposal;
  });
}
