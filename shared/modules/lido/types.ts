import type { Hex } from 'viem';
import type { DgState, DgStatus } from './abi.js';

/** One Aragon vote as read from the Voting contract and its StartVote event. */
export interface AragonVote {
  id: number;
  executed: boolean;
  /** Unix seconds; the vote opens at creation (Aragon has no pending state). */
  startDate: number;
  snapshotBlock: bigint;
  /** PCT_BASE (10^18) scaled. */
  supportRequired: bigint;
  minAcceptQuorum: bigint;
  /** Raw LDO (18 decimals). */
  yea: bigint;
  nay: bigint;
  votingPower: bigint;
  script: Hex;
  /** The StartVote metadata; '' when the vote was created without one (Voting.forward). */
  metadata: string;
  /** The status of the DG proposal the vote's script submitted, when it was found in the timelock. */
  dualGovernance?: {
    proposalId: number;
    status: DgStatus;
    submittedAt?: number;
    scheduledAt?: number;
    /** Dual Governance's effective state when read (getEffectiveState). */
    state?: DgState;
    /** Its newest DualGovernanceStateChanged of the last 30 days: when that state was entered and signalling began. */
    lastTransition?: DgTransition;
  };
}

/** The Voting contract's timing, shared by every vote (and changed for all of them at once). */
export interface VotingTimes {
  /** Seconds from startDate to the end of the objection phase. */
  voteTime: number;
  /** The last part of voteTime, when only "nay" is accepted. */
  objectionPhaseTime: number;
}

/** A DualGovernanceStateChanged event: the state entered and the machine's times after it (unix seconds). */
export interface DgTransition {
  from: DgState;
  to: DgState;
  enteredAt: number;
  vetoSignallingActivatedAt: number;
  vetoSignallingReactivationTime: number;
  transactionHash?: Hex;
}
