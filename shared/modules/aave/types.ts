import type { PayloadState, ProposalState } from './abi.js';
import type { DecodedEngineView } from '../../readers/configEngine/decodeEngineView.js';
import type { V4PayloadViews } from './v4/payloadViews.js';

/** One payload of a proposal: where it runs, and what its PayloadsController says when we can read it. */
export interface ProposalPayload {
  chainId: number;
  payloadsController: string;
  payloadId: number;
  /** Read from its chain's PayloadsController; undefined where no upstream reads that chain, or it failed. */
  onChain?: { state: PayloadState; queuedAt: number; executedAt: number; delay: number };
  /** The payload's actions, read with its state (getPayloadById); each target's config-engine views when they were read. */
  actions?: PayloadAction[];
}

/** One ExecutionAction of a payload, and what its target is when its views were read (readPayloadTargets). */
export interface PayloadAction {
  target: string;
  /** The standard engine action: delegatecall `execute()` on the payload contract (aave-helpers GovV3Helpers.buildAction). */
  delegateExecute: boolean;
  /** Undefined when not read (no such action, its chain failed, or the node could not answer). */
  read?: TargetRead;
}

/**
 * What an action's target is: a config-engine payload and its decoded views; `custom` when it names
 * no v3 engine or lacks the views every v3 engine payload has (a generic executor, an Aave v4
 * payload); `unrecognised` when a view's bytes fit no known layout (a newer engine than this reader).
 */
export type TargetRead =
  | { kind: 'engine'; engine: string; market: string; views: DecodedEngineView[]; symbols: Record<string, string> }
  | { kind: 'custom'; engine?: string }
  | { kind: 'unrecognised'; engine: string }
  // An Aave v4 payload: a CONFIG_ENGINE and the v4 views (v4/payloadViews.ts).
  | { kind: 'v4'; engine: string; views: V4PayloadViews };

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
