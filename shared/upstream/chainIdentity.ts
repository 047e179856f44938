import type { UpstreamId } from './endpoints.js';
import { upstreamWrongChain } from './errors.js';

/**
 * The chain each upstream must serve, as that upstream names it. A public endpoint that silently
 * points at a testnet would otherwise give plausible, wrong positions.
 */
export const CHAINS = {
  /** eth_chainId of Ethereum mainnet (EIP-155 chain id 1). */
  ethereumMainnet: '0x1',
  /** eth_chainId of Polygon PoS mainnet (EIP-155 chain id 137). */
  polygonMainnet: '0x89',
  /** eth_chainId of the Avalanche C-Chain mainnet (EIP-155 chain id 43114). */
  avalancheMainnet: '0xa86a',
  /** eth_chainId of Arbitrum One (EIP-155 chain id 42161). */
  arbitrumOne: '0xa4b1',
  /** eth_chainId of OP Mainnet (EIP-155 chain id 10). */
  optimismMainnet: '0xa',
  /** eth_chainId of Base (EIP-155 chain id 8453). */
  baseMainnet: '0x2105',
  /** eth_chainId of Gnosis Chain (EIP-155 chain id 100). */
  gnosisMainnet: '0x64',
  /** eth_chainId of BNB Smart Chain (EIP-155 chain id 56). */
  bnbMainnet: '0x38',
  /** eth_chainId of the other EVM chains (EIP-155 ids in viem/chains): Scroll 534352, Linea 59144, ZKsync Era 324, Celo 42220, */
  scrollMainnet: '0x82750',
  lineaMainnet: '0xe708',
  zksyncEra: '0x144',
  celoMainnet: '0xa4ec',
  /** … Sonic 146, Plasma 9745, Mantle 5000, Metis Andromeda 1088, Ink 57073, Soneium 1868, X Layer 196, Monad 143, MegaETH 4326, Unichain 130. */
  sonicMainnet: '0x92',
  plasmaMainnet: '0x2611',
  mantleMainnet: '0x1388',
  metisAndromeda: '0x440',
  inkMainnet: '0xdef1',
  soneiumMainnet: '0x74c',
  xlayerMainnet: '0xc4',
  monadMainnet: '0x8f',
  megaethMainnet: '0x10e6',
  unichainMainnet: '0x82',
  /** getGenesisHash of Solana mainnet-beta (ChainAgnostic/namespaces solana/caip2.md). */
  solanaMainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  /** CometBFT node_info.network and the LCD's default_node_info.network (cosmos/chain-registry). */
  cosmosHub: 'cosmoshub-4',
  /** rippled server_info network_id on mainnet (xrpl-dev-portal server_info example: 0). */
  xrplMainnet: '0',
} as const;

/** Throws upstream_wrong_chain unless `actual` is `expected`. Pure. */
export function assertChain(upstream: UpstreamId, expected: string, actual: string | number | undefined): void {
  const seen = actual === undefined ? 'an unnamed chain' : String(actual);
  if (seen !== expected) throw upstreamWrongChain(upstream, expected, seen);
}

/** An EVM chain id as eth_chainId writes it. */
export const hexChainId = (chainId: number): string => `0x${chainId.toString(16)}`;
