/*
 * Where Aave Governance v3 payloads run, beyond Ethereum: the chains this source reads a payload's
 * state on (its PayloadsController is the address the proposal names). Chain ids as the core's
 * Payload.chain carries them (bgd-labs/aave-governance-v3 src/contracts/libraries/ChainIds.sol);
 * a payload on a chain not listed here stays unread, and its proposal `passed`, until an upstream
 * for that chain is added.
 */
import { arbitrum, avalanche, base, bsc, celo, gnosis, ink, linea, mantle, megaeth, metis, monad, optimism, plasma, polygon, scroll, soneium, sonic, xLayer, zksync } from 'viem/chains';
import { CHAINS } from '../../upstream/chainIdentity.js';
import type { ChainRef } from './readOnChain.js';

export const PAYLOAD_CHAINS: Readonly<Record<number, ChainRef>> = {
  137: { upstream: 'polygon', chain: polygon, chainId: CHAINS.polygonMainnet },
  43114: { upstream: 'avalanche', chain: avalanche, chainId: CHAINS.avalancheMainnet },
  42161: { upstream: 'arbitrum', chain: arbitrum, chainId: CHAINS.arbitrumOne },
  10: { upstream: 'optimism', chain: optimism, chainId: CHAINS.optimismMainnet },
  8453: { upstream: 'base', chain: base, chainId: CHAINS.baseMainnet },
  100: { upstream: 'gnosis', chain: gnosis, chainId: CHAINS.gnosisMainnet },
  56: { upstream: 'bnb', chain: bsc, chainId: CHAINS.bnbMainnet },
  534352: { upstream: 'scroll', chain: scroll, chainId: CHAINS.scrollMainnet },
  59144: { upstream: 'linea', chain: linea, chainId: CHAINS.lineaMainnet },
  324: { upstream: 'zksync', chain: zksync, chainId: CHAINS.zksyncEra },
  42220: { upstream: 'celo', chain: celo, chainId: CHAINS.celoMainnet },
  146: { upstream: 'sonic', chain: sonic, chainId: CHAINS.sonicMainnet },
  9745: { upstream: 'plasma', chain: plasma, chainId: CHAINS.plasmaMainnet },
  5000: { upstream: 'mantle', chain: mantle, chainId: CHAINS.mantleMainnet },
  1088: { upstream: 'metis', chain: metis, chainId: CHAINS.metisAndromeda },
  57073: { upstream: 'ink', chain: ink, chainId: CHAINS.inkMainnet },
  1868: { upstream: 'soneium', chain: soneium, chainId: CHAINS.soneiumMainnet },
  196: { upstream: 'xlayer', chain: xLayer, chainId: CHAINS.xlayerMainnet },
  143: { upstream: 'monad', chain: monad, chainId: CHAINS.monadMainnet },
  4326: { upstream: 'megaeth', chain: megaeth, chainId: CHAINS.megaethMainnet },
};
