import { assertChain, CHAINS } from '../chainIdentity.js';
import type { UpstreamId } from '../endpoints.js';

/**
 * Checks that a kit RPC serves Solana mainnet-beta, by its genesis hash (one getGenesisHash).
 *
 * @throws UpstreamError upstream_wrong_chain
 */
export async function verifySolanaMainnet(
  rpc: { getGenesisHash(): { send(options?: { abortSignal?: AbortSignal }): Promise<string> } },
  options: { upstream?: UpstreamId; signal?: AbortSignal } = {},
): Promise<void> {
  const hash = await rpc.getGenesisHash().send(options.signal ? { abortSignal: options.signal } : undefined);
  assertChain(options.upstream ?? 'solana', CHAINS.solanaMainnet, hash);
}
