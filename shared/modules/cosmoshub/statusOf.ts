import { ProposalStatus as NativeStatus } from 'cosmjs-types/cosmos/gov/v1/gov';
import type { Proposal } from '../../contract/proposal.js';

/**
 * The contract status of a gov v1 proposal (decisions.md, sources.md §6). PASSED means the
 * messages ran at the end of voting, so a passed proposal with something to execute is
 * `executed`; one with nothing to execute (no messages, or only a legacy TextProposal) is a
 * signal and stays `passed`. FAILED is a vote that passed but whose messages failed: `closed`.
 * UNSPECIFIED (and any state a later SDK adds) has no meaning for the feed: undefined.
 * No clock is needed: the gov end-blocker settles every vote in the block where it ends, so a
 * VOTING_PERIOD past its voting_end_time only means a lagging node, and the next build corrects it. Pure.
 *
 * @example statusOf(NativeStatus.PROPOSAL_STATUS_PASSED, false) // 'passed'
 */
export function statusOf(status: NativeStatus, executable: boolean): Proposal['status'] | undefined {
  switch (status) {
    case NativeStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD:
      return 'pending';
    case NativeStatus.PROPOSAL_STATUS_VOTING_PERIOD:
      return 'active';
    case NativeStatus.PROPOSAL_STATUS_PASSED:
      return executable ? 'executed' : 'passed';
    case NativeStatus.PROPOSAL_STATUS_REJECTED:
    case NativeStatus.PROPOSAL_STATUS_FAILED:
      return 'closed';
    default:
      return undefined;
  }
}
