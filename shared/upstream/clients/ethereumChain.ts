import { assertChain, CHAINS, hexChainId } from '../chainIdentity.js';
import type { UpstreamId } from '../endpoints.js';

/**
 * Checks that a viem client's endpoint serves Ethereum mainnet (one eth_chainId). viem's public
 * client never checks this by itself on reads.
 *
 * @throws UpstreamError upstream_wrong_chain
 */
export async function verifyEthereumMainnet(client: { getChainId(): Promise<number> }, upstream: UpstreamId = 'ethereum'): Promise<void> {
  assertChain(upstream, CHAINS.ethereumMainnet, hexChainId(await client.getChainId()));
}
