/*
 * Aave Governance v3 voting: where each proposal's vote is counted, and the one read of it.
 * Portals and machines come from @aave-dao/aave-address-book (GovernanceV3Ethereum's VOTING_PORTAL_*
 * and each voting chain's VOTING_MACHINE), which tracks replacements: all four Ethereum-side
 * contracts were replaced on 2025-03-28 (address book commit 61bbcf5d), and a hand-typed table kept
 * the old ones, so no live tally since then was read. A proposal created before that names a retired
 * portal; its vote closed long ago and the core's own tally is what it shows.
 * ABI: bgd-labs/aave-governance-v3 src/contracts/voting/interfaces/IVotingMachineWithProofs.sol
 * (struct ProposalWithoutVotes); test/modules/aave/publishedAbis.test.ts proves it against the
 * address book's IVotingMachineWithProofs ABI.
 */
import { GovernanceV3Avalanche, GovernanceV3Ethereum, GovernanceV3Polygon } from '@aave-dao/aave-address-book';
import type { Address } from 'viem';
import { avalanche, mainnet, polygon } from 'viem/chains';
import { CHAINS } from '../../upstream/chainIdentity.js';
import type { ChainRef } from './readOnChain.js';

/** A chain Aave votes on, and its voting machine. */
export interface VotingChain extends ChainRef {
  machine: Address;
}

/** A proposal's votingPortal (on Ethereum) names the chain and machine its vote runs on. Keys lower-cased. */
export const VOTING_CHAIN_OF_PORTAL: Readonly<Record<string, VotingChain>> = {
  [GovernanceV3Ethereum.VOTING_PORTAL_ETH_ETH.toLowerCase()]: {
    upstream: 'ethereum',
    chain: mainnet,
    chainId: CHAINS.ethereumMainnet,
    machine: GovernanceV3Ethereum.VOTING_MACHINE,
  },
  [GovernanceV3Ethereum.VOTING_PORTAL_ETH_AVAX.toLowerCase()]: {
    upstream: 'avalanche',
    chain: avalanche,
    chainId: CHAINS.avalancheMainnet,
    machine: GovernanceV3Avalanche.VOTING_MACHINE,
  },
  [GovernanceV3Ethereum.VOTING_PORTAL_ETH_POL.toLowerCase()]: {
    upstream: 'polygon',
    chain: polygon,
    chainId: CHAINS.polygonMainnet,
    machine: GovernanceV3Polygon.VOTING_MACHINE,
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
