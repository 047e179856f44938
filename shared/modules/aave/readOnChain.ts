import type { Chain, PublicClient } from 'viem';
import { verifyEvmChain } from '../../upstream/clients/ethereumChain.js';
import { evmClient } from '../../upstream/clients/ethereumClient.js';
import type { UpstreamId } from '../../upstream/endpoints.js';
import type { Upstreams } from '../../upstream/upstreams.js';

/** An EVM chain the aave source reads besides Ethereum's core: its upstream, viem chain and eth_chainId. */
export interface ChainRef {
  upstream: UpstreamId;
  chain: Chain;
  /** eth_chainId the upstream must answer (chainIdentity CHAINS). */
  chainId: string;
}

/**
 * `read` on one batched client of `chain`, its eth_chainId checked in the same request. A chain
 * that fails (down, slow, wrong chain, malformed) gives nothing and never rejects: what is read on
 * voting and payload chains only adds to the core's data, which stands on its own. Only the
 * caller's abort propagates.
 */
export async function readOnChain<T>(upstreams: Upstreams, chain: ChainRef, signal: AbortSignal | undefined, read: (client: PublicClient) => Promise<T[]>): Promise<T[]> {
  const client = evmClient(upstreams[chain.upstream], chain.chain, signal);
  try {
    const [, results] = await Promise.all([verifyEvmChain(client, chain.upstream, chain.chainId), read(client)]);
    return results;
  } catch {
    signal?.throwIfAborted();
    return [];
  }
}
