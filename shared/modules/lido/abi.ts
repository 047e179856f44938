import { parseAbi, parseAbiItem } from 'viem';

/*
 * Lido's governance contracts on Ethereum mainnet and the ABI fragments the source reads.
 * Addresses: lidofinance/docs `docs/deployed-contracts/index.md` (Aragon Voting, Agent,
 * Dual Governance, EmergencyProtectedTimelock) and lidofinance/scripts vote scripts (StakingRouter).
 */

/** Aragon Voting (proxy). */
export const VOTING = '0x2e59A20f205bB85a89C53f1936454680651E618e';
/** Aragon Agent: executes the calls a vote (or a DG proposal) makes, through `forward`. */
export const AGENT = '0x3e40D73EB977Dc6a537aF587D48316feE66E9C8c';
/** Dual Governance: Aragon votes now submit their calls here (docs/guides/dg-guide.md). */
export const DUAL_GOVERNANCE = '0xC1db28B3301331277e307FDCfF8DE28242A4486E';
/** EmergencyProtectedTimelock: holds, schedules and executes the proposals DG submits. */
export const DG_TIMELOCK = '0xCE0425301C85c5Ea2A0873A2dEe44d78E02D2316';
export const STAKING_ROUTER = '0xFdDf38947aFB03C621C71b06C9C70bce73f12999';

/** LDO has 18 decimals; votes, yea/nay and votingPower are raw LDO. */
export const LDO_DECIMALS = 18;
/** Voting.sol PCT_BASE: 10^18 = 100 %. */
export const PCT_BASE = 10n ** 18n;

/** lidofinance/aragon-apps `apps/voting/contracts/Voting.sol` (getVote returns the VotePhase enum Main, Objection, Closed). */
export const votingAbi = parseAbi([
  'function votesLength() view returns (uint256)',
  'function voteTime() view returns (uint64)',
  'function objectionPhaseTime() view returns (uint64)',
  'function getVote(uint256 _voteId) view returns (bool open, bool executed, uint64 startDate, uint64 snapshotBlock, uint64 supportRequired, uint64 minAcceptQuorum, uint256 yea, uint256 nay, uint256 votingPower, bytes script, uint8 phase)',
  'event StartVote(uint256 indexed voteId, address indexed creator, string metadata)',
]);

/** The vote's text lives only here: Voting.sol keeps no metadata in the vote itself. */
export const startVoteEvent = parseAbiItem('event StartVote(uint256 indexed voteId, address indexed creator, string metadata)');

/** Aragon Agent (aragon/aragon-apps `apps/agent/contracts/Agent.sol`): `forward(bytes _evmScript)` runs an EVMScript as the Agent. */
export const agentAbi = parseAbi(['function forward(bytes _evmScript)']);

/**
 * lidofinance/dual-governance `contracts/interfaces/IGovernance.sol` (submitProposal),
 * `contracts/libraries/ExternalCalls.sol` (ExternalCall), `contracts/interfaces/ITimelock.sol`
 * (getProposal, getProposalsCount; Timestamp is a uint40 value type) and
 * `contracts/libraries/ExecutableProposals.sol` (Status: NotExist, Submitted, Scheduled, Executed, Cancelled).
 */
export const dualGovernanceAbi = parseAbi([
  'struct ExternalCall { address target; uint96 value; bytes payload; }',
  'function submitProposal(ExternalCall[] calls, string metadata) returns (uint256 proposalId)',
  // contracts/interfaces/IDualGovernance.sol; State is DualGovernanceStateMachine's enum (below).
  'function getEffectiveState() view returns (uint8 effectiveState)',
]);

/**
 * DualGovernanceStateMachine.sol: sent on every persisted transition, with the machine's context
 * after it (when the state was entered, when veto signalling was activated and last reactivated).
 */
export const dualGovernanceStateChangedEvent = parseAbiItem(
  'event DualGovernanceStateChanged(uint8 indexed from, uint8 indexed to, (uint8 state, uint40 enteredAt, uint40 vetoSignallingActivatedAt, address signallingEscrow, uint8 rageQuitRound, uint40 vetoSignallingReactivationTime, uint40 normalOrVetoCooldownExitedAt, address rageQuitEscrow, address configProvider) state)',
);

/** libraries/DualGovernanceStateMachine.sol `State`, in order; scheduling is allowed in Normal (and in VetoCooldown for proposals submitted before signalling began). */
export const DG_STATES = ['NotInitialized', 'Normal', 'VetoSignalling', 'VetoSignallingDeactivation', 'VetoCooldown', 'RageQuit'] as const;
export type DgState = (typeof DG_STATES)[number];

export const timelockAbi = parseAbi([
  'struct ExternalCall { address target; uint96 value; bytes payload; }',
  'struct ProposalDetails { uint256 id; address executor; uint40 submittedAt; uint40 scheduledAt; uint8 status; }',
  'function getProposalsCount() view returns (uint256 count)',
  'function getProposal(uint256 proposalId) view returns (ProposalDetails proposalDetails, ExternalCall[] calls)',
]);

export const DG_STATUSES = ['NotExist', 'Submitted', 'Scheduled', 'Executed', 'Cancelled'] as const;
export type DgStatus = (typeof DG_STATUSES)[number];

/**
 * StakingRouter `updateStakingModule`: the 7-argument form of lidofinance/core
 * `contracts/0.8.9/StakingRouter.sol` (used by vote #198) and the 4-argument form of Lido V2
 * (lidofinance/docs `docs/contracts/staking-router.md`). Fees are basis points of staking rewards.
 */
export const stakingRouterAbi = parseAbi([
  'function updateStakingModule(uint256 _stakingModuleId, uint256 _stakeShareLimit, uint256 _priorityExitShareThreshold, uint256 _stakingModuleFee, uint256 _treasuryFee, uint256 _maxDepositsPerBlock, uint256 _minDepositBlockDistance)',
  'function updateStakingModule(uint256 _stakingModuleId, uint256 _targetShare, uint256 _stakingModuleFee, uint256 _treasuryFee)',
]);
