import type { ProposalStatus } from '../../contract/enums.js';
import { type ProposalV2, proposalStateName, type VoteThreshold } from './accountLayouts.js';

/** What a proposal's governance says about its vote (GovernanceConfig, community side). */
export interface VoteRules {
  /** Seconds the vote is open to every kind of vote. */
  votingBaseTime: number;
  /** Seconds after that when only Deny and Veto are accepted (governance.rs voting_cool_off_time). */
  votingCoolOffTime: number;
  communityVoteThreshold: VoteThreshold;
}

export interface StatusOfParameters {
  proposal: ProposalV2;
  /** The governance's rules; needed only to judge a proposal still in Voting. */
  rules?: VoteRules;
  /** Max vote weight when the proposal has none recorded (it records one only when the vote is decided). */
  maxVoteWeight?: bigint;
  now: Date;
}

/**
 * The contract status of a ProposalV2 (decisions.md table; shared/research/sources.md §5). The
 * on-chain state stays Voting until somebody calls FinalizeVote, so a vote past its end is judged
 * from its weights the way the program's finalize_vote would (proposal.rs resolve_final_vote_state).
 * Pure: time comes from `now`.
 */
export function statusOf({ proposal, rules, maxVoteWeight, now }: StatusOfParameters): ProposalStatus {
  const state = proposalStateName(proposal.state);
  switch (state) {
    case 'Draft':
    case 'SigningOff':
      return 'pending';
    case 'Voting':
      return votingStatus(proposal, rules, maxVoteWeight, now);
    // Succeeded: the vote won, its transactions (if any) are not executed yet. A text-only JIP
    // stays here until its owner marks it Completed: the change is carried out off-chain.
    case 'Succeeded':
    case 'Executing':
      return 'passed';
    case 'Completed':
      return 'executed';
    // Some transactions failed: the change is not (fully) in effect and cannot be completed.
    case 'ExecutingWithErrors':
    case 'Defeated':
      return 'closed';
    // decisions.md: canceled is "withdrawn or vetoed".
    case 'Cancelled':
    case 'Vetoed':
      return 'canceled';
    default:
      throw new Error(`unknown ProposalState ordinal ${proposal.state}`);
  }
}

/** When voting ends, in unix seconds: voting_at + voting_base_time + voting_cool_off_time (proposal.rs voting_max_time_end). */
export function votingEndsAt(proposal: ProposalV2, rules: VoteRules | undefined): bigint | undefined {
  if (proposal.votingCompletedAt !== null) return proposal.votingCompletedAt;
  if (proposal.votingAt === null || !rules) return undefined;
  return proposal.votingAt + BigInt(rules.votingBaseTime) + BigInt(rules.votingCoolOffTime);
}

/**
 * The least Yes weight that passes: ceil(percentage × max / 100) (proposal.rs get_min_vote_threshold_weight).
 * Undefined for thresholds the program does not resolve (QuorumPercentage, Disabled).
 */
export function minYesWeight(threshold: VoteThreshold | null | undefined, maxVoteWeight: bigint | undefined): bigint | undefined {
  if (!threshold || threshold.__kind !== 'YesVotePercentage' || maxVoteWeight === undefined) return undefined;
  const numerator = BigInt(threshold.percentage) * maxVoteWeight;
  return (numerator + 99n) / 100n;
}

function votingStatus(proposal: ProposalV2, rules: VoteRules | undefined, maxVoteWeight: bigint | undefined, now: Date): ProposalStatus {
  const end = votingEndsAt(proposal, rules);
  // Without the governance's rules the end is unknown: the program still takes votes.
  if (end === undefined || BigInt(Math.floor(now.getTime() / 1000)) <= end) return 'active';
  // A survey (no deny option) ends Completed whatever the weights (resolve_final_vote_state).
  if (proposal.denyVoteWeight === null) return 'executed';
  const threshold = proposal.voteThreshold ?? rules?.communityVoteThreshold;
  const needed = minYesWeight(threshold, proposal.maxVoteWeight ?? maxVoteWeight);
  // A threshold the program cannot resolve leaves the proposal in Voting on-chain too.
  if (needed === undefined) return 'active';
  const deny = proposal.denyVoteWeight;
  const winners = proposal.options.filter((option) => option.voteWeight >= needed && option.voteWeight > deny);
  if (winners.length === 0) return 'closed';
  if (proposal.voteType.__kind === 'MultiChoice') return 'passed';
  // Single choice: a tie between winning options is Defeated.
  const best = winners.reduce((top, option) => (option.voteWeight > top ? option.voteWeight : top), 0n);
  return winners.filter((option) => option.voteWeight === best).length === 1 ? 'passed' : 'closed';
}
