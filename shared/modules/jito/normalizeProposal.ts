import { isHttpUrl } from '../../governance/isHttpUrl.js';
import type { ProposalVotes } from '../../contract/proposal.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import type { FeedProposal } from '../../domain/proposal.js';
import { proposalId } from '../../governance/proposalId.js';
import { summarize } from '../../governance/summarize.js';
import { isoFromUnixSeconds } from '../../governance/time.js';
import type { ProposalV2 } from './accountLayouts.js';
import type { RealmDeployment } from './deployment.js';
import { minYesWeight, statusOf, type VoteRules, votingEndsAt } from './statusOf.js';

export interface NormalizeProposalParameters {
  deployment: RealmDeployment;
  pubkey: string;
  proposal: ProposalV2;
  /** The proposal's governance rules, when it is still in Voting. */
  rules?: VoteRules;
  /** The governing mint's supply, when the proposal has no max vote weight of its own. */
  maxVoteWeight?: bigint;
  changes: ParameterChange[];
  now: Date;
}

/**
 * A ProposalV2 as a FeedProposal. Realms keeps only a name and a description link on-chain: the
 * JIP text sits on the forum behind the link, which a keyless build does not fetch, so the
 * description is the link itself and the summary falls back to the name. Pure.
 */
export function normalizeProposal({ deployment, pubkey, proposal, rules, maxVoteWeight, changes, now }: NormalizeProposalParameters): FeedProposal {
  const title = proposal.name.trim() || `Proposal ${pubkey}`;
  const link = proposal.descriptionLink.trim();
  const created = isoFromUnixSeconds(proposal.draftAt);
  const start = isoFromUnixSeconds(proposal.votingAt ?? proposal.startVotingAt ?? undefined);
  const end = isoFromUnixSeconds(votingEndsAt(proposal, rules));
  const effectiveDate = isoFromUnixSeconds(proposal.executingAt ?? undefined);
  const parameterMoves = changes.some((change) => change.parameter !== 'listing');
  return {
    id: proposalId(deployment.protocol, deployment.idSource, pubkey),
    protocol: deployment.protocol,
    title,
    summary: isHttpUrl(link) || !link ? title : summarize(link, title),
    description: link,
    status: statusOf({ proposal, ...(rules && { rules }), ...(maxVoteWeight !== undefined && { maxVoteWeight }), now }),
    votes: votesOf(proposal, deployment.decimals, rules, maxVoteWeight),
    timeline: { ...(created && { created }), ...(start && { start }), ...(end && { end }) },
    sourceLinks: [
      { url: deployment.proposalUrl(pubkey), label: deployment.proposalLinkLabel },
      ...(isHttpUrl(link) ? [{ url: link, label: 'Proposal text' }] : []),
    ],
    ...(isHttpUrl(link) && /forum|discourse|\/t\//.test(link) && { discussionUrl: link }),
    ...(changes.length > 0 && { changeType: parameterMoves ? ('parameter' as const) : ('shape' as const) }),
    ...(effectiveDate && { effectiveDate }),
    changes,
    firstSeen: created ?? now.toISOString(),
  };
}

/**
 * Vote weights in whole governing tokens. A Yes/No proposal has one option (Yes) and the deny
 * weight (No); the quorum is the Yes weight the threshold asks of the max vote weight.
 */
function votesOf(proposal: ProposalV2, decimals: number, rules: VoteRules | undefined, supply: bigint | undefined): ProposalVotes {
  const whole = (raw: bigint) => Number(raw) / 10 ** decimals;
  const yesNo = proposal.voteType.__kind === 'SingleChoice' && proposal.options.length === 1;
  const forWeight = yesNo ? proposal.options[0]!.voteWeight : undefined;
  const against = proposal.denyVoteWeight ?? undefined;
  const abstain = proposal.abstainVoteWeight ?? undefined;
  const needed = minYesWeight(proposal.voteThreshold ?? rules?.communityVoteThreshold, proposal.maxVoteWeight ?? supply);
  return {
    ...(forWeight !== undefined && { for: whole(forWeight) }),
    ...(against !== undefined && { against: whole(against) }),
    ...(abstain !== undefined && { abstain: whole(abstain) }),
    ...(forWeight !== undefined && { total: whole(forWeight + (against ?? 0n) + (abstain ?? 0n)) }),
    ...(needed !== undefined && { quorumRequired: whole(needed) }),
    ...(needed !== undefined && forWeight !== undefined && { quorumReached: forWeight >= needed }),
  };
}

