/*
 * Aave Governance v3 voting: where each proposal's vote is counted, and the one read of it.
 * Portals and machines: bgd-labs/aave-governance-v3 README (Polygon, Avalanche machines) and the
 * Ethereum governance permissions table (VotingMachine 0x6173…75Eb, VotingPortal_Eth_Eth/_Avax/_Pol),
 * as in @bgd-labs/aave-address-book GovernanceV3Ethereum. ABI: bgd-labs/aave-governance-v3
 * src/contracts/voting/interfaces/IVotingMachineWithProofs.sol (struct ProposalWithoutVotes).
 */
import { avalanche, mainnet, polygon } from 'viem/chains';
import { CHAINS } from '../../upstream/chainIdentity.js';
import type { ChainRef } from './readOnChain.js';

/** A chain Aave votes on, and its voting machine. */
export interface VotingChain extends ChainRef {
  machine: `0x${string}`;
}

/** A proposal's votingPortal (on Ethereum) names the chain and machine its vote runs on. Keys lower-cased. */
export const VOTING_CHAIN_OF_PORTAL: Readonly<Record<string, VotingChain>> = {
  // VotingPortal_Eth_Eth
  '0xf23f7de3ac42f22ebda17e64dc4f51fb66b8e21f': {
    upstream: 'ethereum',
    chain: mainnet,
    chainId: CHAINS.ethereumMainnet,
    machine: '0x617332a777780F546261247F621051d0b98975Eb',
  },
  // VotingPortal_Eth_Avax
  '0x33acef7365809218485873b7d0d67fee411b5d79': {
    upstream: 'avalanche',
    chain: avalanche,
    chainId: CHAINS.avalancheMainnet,
    machine: '0x4D1863d22D0ED8579f8999388BCC833CB057C2d6',
  },
  // VotingPortal_Eth_Pol
  '0x9b24c168d6a76b5459b1d47071a54962a4df36c3': {
    upstream: 'polygon',
    chain: polygon,
    chainId: CHAINS.polygonMainnet,
    machine: '0x44c8b753229006A8047A05b90379A7e92185E97C',
  },
};

export const votingMachineAbi = [
  {
    type: 'function',
    name: 'getProposalById',
    stateMutability: 'view',
    inputs: [{ name: 'proposalId', type: 'uint256' }],
    outputs: [
      {
        name: '',
        type: 'tuple',
        components: [
          { name: 'id', type: 'uint256' },
          { name: 'sentToGovernance', type: 'bool' },
          { name: 'startTime', type: 'uint40' },
          { name: 'endTime', type: 'uint40' },
          { name: 'votingClosedAndSentTimestamp', type: 'uint40' },
          { name: 'forVotes', type: 'uint128' },
          { name: 'againstVotes', type: 'uint128' },
          { name: 'creationBlockNumber', type: 'uint256' },
          { name: 'votingClosedAndSentBlockNumber', type: 'uint256' },
        ],
      },
    ],
  },
] as const;
