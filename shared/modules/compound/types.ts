import type { ProposalAction } from './decodeActions.js';

/** Which of Compound's two governors holds a proposal id; also the id's `{source}` part. */
export type GovernorKind = 'bravo' | 'governor';

/** What the reads give for one proposal, before normalization (plain data). */
export interface RawCompoundProposal {
  governor: GovernorKind;
  id: bigint;
  /** ProposalState as read from `state(id)`. */
  state: number;
  proposer: string;
  /** Timelock eta in unix seconds; 0 until queued. */
  eta: bigint;
  /** Bravo startBlock / endBlock; CompoundGovernor proposalSnapshot / proposalDeadline. */
  startBlock: bigint;
  endBlock: bigint;
  /**
   * The block of ProposalCreated: startBlock − votingDelay on both governors, with today's delay; an
   * estimate when the event was not there (the delay changed since), so `description` is then ''.
   */
  createdBlock: bigint;
  forVotes: bigint;
  againstVotes: bigint;
  abstainVotes: bigint;
  quorum: bigint;
  /** CompoundGovernor counts For and Abstain toward quorum (COUNTING_MODE quorum=for,abstain); Bravo For only. */
  quorumCountsAbstain: boolean;
  /** From the ProposalCreated event: the only copy of the description ('' when the event was not found). */
  description: string;
  actions: ProposalAction[];
  transactionHash?: string;
}
