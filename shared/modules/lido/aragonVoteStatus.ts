import type { ProposalStatus } from '../../contract/enums.js';
import { PCT_BASE } from './abi.js';
import type { AragonVote, VotingTimes } from './types.js';

/**
 * Voting.sol `_isValuePct`: value/total strictly above pct (PCT_BASE-scaled), integer division as
 * the contract does it, so a vote that the contract calls short by one wei is short here too. Pure.
 */
export const isValuePct = (value: bigint, total: bigint, pct: bigint): boolean => total > 0n && (value * PCT_BASE) / total > pct;

/** Voting.sol `_canExecute` without the executed/open checks: support above supportRequired, yea above the quorum share of votingPower. */
export const voteWon = (vote: AragonVote): boolean =>
  isValuePct(vote.yea, vote.yea + vote.nay, vote.supportRequired) && isValuePct(vote.yea, vote.votingPower, vote.minAcceptQuorum);

/** When the vote stops accepting votes (Voting.sol `_getVotePhase`: startDate + voteTime). */
export const voteEnd = (vote: AragonVote, times: VotingTimes): number => vote.startDate + times.voteTime;

/**
 * Our status of an Aragon vote (research sources.md §4):
 * - open (before startDate + voteTime; the main and objection phases alike) → active;
 * - over and not executed: passed when it won (canExecute), else closed (support or quorum short);
 * - executed: executed, unless its script submitted a Dual Governance proposal, in which case the
 *   change only happens when the timelock executes it: Submitted/Scheduled (or not found) → passed,
 *   Executed → executed, Cancelled → canceled.
 * An executed vote is final even if `now` would still be inside voteTime. Pure: the clock is `now`.
 */
export function aragonVoteStatus(vote: AragonVote, times: VotingTimes, submitsToDualGovernance: boolean, now: Date): ProposalStatus {
  if (!vote.executed) {
    if (now.getTime() / 1000 < voteEnd(vote, times)) return 'active';
    return voteWon(vote) ? 'passed' : 'closed';
  }
  if (!submitsToDualGovernance) return 'executed';
  switch (vote.dualGovernance?.status) {
    case 'Executed':
      return 'executed';
    case 'Cancelled':
      return 'canceled';
    default:
      return 'passed';
  }
}
