import type { PayloadState, ProposalState } from './abi.js';

/** One payload of a proposal: where it runs, and what its PayloadsController says when we can read it. */
export interface ProposalPayload {
  chainId: number;
  payloadsController: string;
  payloadId: number;
  /** Read from its chain's PayloadsController; undefined where no upstream reads that chain, or it failed. */
  onChain?: { state: PayloadState; queuedAt: number; executedAt: number; delay: number };
}

/** What the source knows about one Governance v3 proposal, as plain data. */
export interface AaveProposalData {
  id: number;
  state: ProposalState;
  creationTime: number;
  votingActivationTime: number;
  votingDuration: number;
  queuingTime: number;
  cancelTimestamp: number;
  creator: string;
  /** Raw 18-decimal AAVE voting power; 0 on the core until the vote is queued or failed. */
  forVotes: bigint;
  againstVotes: bigint;
  /** The running tally on the voting chain's machine: read for Active proposals only, when it answers. */
  liveVote?: LiveVote;
  payloads: ProposalPayload[];
  text: ProposalText;
}

/** A vote as its voting machine counts it (IVotingMachineWithProofs.ProposalWithoutVotes). */
export interface LiveVote {
  /** Raw 18-decimal AAVE voting power. */
  forVotes: bigint;
  againstVotes: bigint;
  /** Unix seconds: the machine's own voting window, minutes after the core's activation. */
  startTime: number;
  endTime: number;
}

/** The proposal text published on IPFS. */
export interface ProposalText {
  title?: string;
  author?: string;
  discussions?: string;
  snapshot?: string;
  description: string;
}
