/*
 * Aave Governance v3 on Ethereum: addresses and the ABI fragments the source reads.
 * Addresses: @aave-dao/aave-address-book GovernanceV3Ethereum (a dependency, so a replacement reaches us).
 * ABIs: bgd-labs/aave-governance-v3 src/interfaces/IGovernanceCore.sol (struct Proposal, Payload,
 * enum State, AccessControl) and src/contracts/payloads/interfaces/IPayloadsControllerCore.sol
 * (struct Payload, ExecutionAction, enum PayloadState); test/modules/aave/publishedAbis.test.ts proves
 * each fragment against the address book's published ABIs.
 */
import { GovernanceV3Ethereum } from '@aave-dao/aave-address-book';

/** Governance (core) on Ethereum: proposal ids, states and payload lists. */
export const GOVERNANCE_CORE = GovernanceV3Ethereum.GOVERNANCE;
/** The Ethereum PayloadsController: the only payload chain this source can read. */
export const ETHEREUM_PAYLOADS_CONTROLLER = GovernanceV3Ethereum.PAYLOADS_CONTROLLER;
export const ETHEREUM_CHAIN_ID = 1n;

export const governanceCoreAbi = [
  { type: 'function', name: 'getProposalsCount', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] },
  {
    type: 'function',
    name: 'getProposal',
    stateMutability: 'view',
    inputs: [{ name: 'proposalId', type: 'uint256' }],
    outputs: [
      {
        name: '',
        type: 'tuple',
        components: [
          { name: 'state', type: 'uint8' },
          { name: 'accessLevel', type: 'uint8' },
          { name: 'creationTime', type: 'uint40' },
          { name: 'votingDuration', type: 'uint24' },
          { name: 'votingActivationTime', type: 'uint40' },
          { name: 'queuingTime', type: 'uint40' },
          { name: 'cancelTimestamp', type: 'uint40' },
          { name: 'creator', type: 'address' },
          { name: 'votingPortal', type: 'address' },
          { name: 'snapshotBlockHash', type: 'bytes32' },
          { name: 'ipfsHash', type: 'bytes32' },
          { name: 'forVotes', type: 'uint128' },
          { name: 'againstVotes', type: 'uint128' },
          { name: 'cancellationFee', type: 'uint256' },
          {
            name: 'payloads',
            type: 'tuple[]',
            components: [
              { name: 'chain', type: 'uint256' },
              { name: 'accessLevel', type: 'uint8' },
              { name: 'payloadsController', type: 'address' },
              { name: 'payloadId', type: 'uint40' },
            ],
          },
        ],
      },
    ],
  },
] as const;

export const payloadsControllerAbi = [
  {
    type: 'function',
    name: 'getPayloadById',
    stateMutability: 'view',
    inputs: [{ name: 'payloadId', type: 'uint40' }],
    outputs: [
      {
        name: '',
        type: 'tuple',
        components: [
          { name: 'creator', type: 'address' },
          { name: 'maximumAccessLevelRequired', type: 'uint8' },
          { name: 'state', type: 'uint8' },
          { name: 'createdAt', type: 'uint40' },
          { name: 'queuedAt', type: 'uint40' },
          { name: 'executedAt', type: 'uint40' },
          { name: 'cancelledAt', type: 'uint40' },
          { name: 'expirationTime', type: 'uint40' },
          { name: 'delay', type: 'uint40' },
          { name: 'gracePeriod', type: 'uint40' },
          {
            name: 'actions',
            type: 'tuple[]',
            components: [
              { name: 'target', type: 'address' },
              { name: 'withDelegateCall', type: 'bool' },
              { name: 'accessLevel', type: 'uint8' },
              { name: 'value', type: 'uint256' },
              { name: 'signature', type: 'string' },
              { name: 'callData', type: 'bytes' },
            ],
          },
        ],
      },
    ],
  },
] as const;

/** IGovernanceCore.State, in declaration order. */
export const PROPOSAL_STATES = ['Null', 'Created', 'Active', 'Queued', 'Executed', 'Failed', 'Cancelled', 'Expired'] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];

/** IPayloadsControllerCore.PayloadState, in declaration order. */
export const PAYLOAD_STATES = ['None', 'Created', 'Queued', 'Executed', 'Cancelled', 'Expired'] as const;
export type PayloadState = (typeof PAYLOAD_STATES)[number];
