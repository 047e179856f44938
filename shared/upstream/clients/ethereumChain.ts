import { assertChain, CHAINS, hexChainId } from '../chainIdentity.js';
import type { UpstreamId } from '../endpoints.js';

/**
 * Checks that a viem client's endpoint serves Ethereum mainnet (one eth_chainId). viem's public
 * client never checks this by itself on reads.
 *
 * @throws UpstreamError upstream_wrong_chain
 */
export async function verifyEthereumMainnet(client: { getChainId(): Promise<number> }, upstream: UpstreamId = 'ethereum'): Promise<void> {
  await verifyEvmChain(client, upstream, CHAINS.ethereumMainnet);
}

/**
 * Checks that a viem client's endpoint serves the EVM chain `expected` (eth_chainId in hex, as
 * CHAINS writes it), e.g. CHAINS.polygonMainnet for the polygon upstream.
 *
 * @throws UpstreamError upstream_wrong_chain
 */
export async function verifyEvmChain(client: { getChainId(): Promise<number> }, upstream: UpstreamId, expected: string): Promise<void> {
  assertChain(upstream, expected, hexChainId(await client.getChainId()));
}
