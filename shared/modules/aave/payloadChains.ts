/*
 * Where Aave Governance v3 payloads run, beyond Ethereum: the chains this source reads a payload's
 * state on (its PayloadsController is the address the proposal names). Chain ids as the core's
 * Payload.chain carries them (bgd-labs/aave-governance-v3 src/contracts/libraries/ChainIds.sol);
 * a payload on another chain (Scroll, zkSync, Linea, Sonic, Plasma…) stays unread, and its
 * proposal `passed`, until an upstream for that chain is added here.
 */
import type { Chain } from 'viem';
import { arbitrum, avalanche, base, bsc, gnosis, optimism, polygon } from 'viem/chains';
import { CHAINS } from '../../upstream/chainIdentity.js';
import type { UpstreamId } from '../../upstream/endpoints.js';

export interface PayloadChain {
  upstream: UpstreamId;
  chain: Chain;
  /** eth_chainId the upstream must answer (chainIdentity CHAINS). */
  chainId: string;
}

export const PAYLOAD_CHAINS: Readonly<Record<number, PayloadChain>> = {
  137: { upstream: 'polygon', chain: polygon, chainId: CHAINS.polygonMainnet },
  43114: { upstream: 'avalanche', chain: avalanche, chainId: CHAINS.avalancheMainnet },
  42161: { upstream: 'arbitrum', chain: arbitrum, chainId: CHAINS.arbitrumOne },
  10: { upstream: 'optimism', chain: optimism, chainId: CHAINS.optimismMainnet },
  8453: { upstream: 'base', chain: base, chainId: CHAINS.baseMainnet },
  100: { upstream: 'gnosis', chain: gnosis, chainId: CHAINS.gnosisMainnet },
  56: { upstream: 'bnb', chain: bsc, chainId: CHAINS.bnbMainnet },
};
