import type { ImpactLevel, Mechanism, ProposalStatus } from '../contract/enums.js';
import { IMPACT_RANK } from '../contract/enums.js';
import type { ProposalImpact } from '../contract/proposal.js';
import { type FeedProposal, mechanismOf, shownByDefault } from '../domain/proposal.js';
import type { ProtocolSlug } from '../modules/registry.js';

export interface ProposalFilters {
  protocol?: readonly ProtocolSlug[];
  status?: readonly ProposalStatus[];
  /** Keep only changes that reach the chain these ways (a proposal that names none was a vote). */
  mechanism?: readonly Mechanism[];
  /** Keep proposals first seen on or after this UTC date (YYYY-MM-DD). */
  since?: string;
  minImpact?: ImpactLevel;
  /** Keep proposals held back as spam (left out unless true). */
  includeSpam?: boolean;
}

/** A proposal, and its impact when it was matched to a wallet. */
export interface Matched {
  proposal: FeedProposal;
  impact?: ProposalImpact;
}

/** Applies the query filters; a minImpact filter drops anything without an impact. */
export function filterProposals<T extends Matched>(items: readonly T[], filters: ProposalFilters): T[] {
  const sinceMs = filters.since ? Date.parse(`${filters.since}T00:00:00Z`) : undefined;
  const minRank = filters.minImpact ? IMPACT_RANK[filters.minImpact] : undefined;
  return items.filter(({ proposal, impact }) => {
    if (!filters.includeSpam && !shownByDefault(proposal)) return false;
    if (filters.protocol && !(filters.protocol as readonly string[]).includes(proposal.protocol)) return false;
    if (filters.status && !filters.status.includes(proposal.status)) return false;
    if (filters.mechanism && !filters.mechanism.includes(mechanismOf(proposal))) return false;
    if (sinceMs !== undefined && Date.parse(proposal.firstSeen) < sinceMs) return false;
    if (minRank !== undefined && (!impact || IMPACT_RANK[impact.level] < minRank)) return false;
    return true;
  });
}
