import { type Chain, createPublicClient, type PublicClient } from 'viem';
import { mainnet } from 'viem/chains';
import { type Upstream, withSignal } from '../upstreams.js';
import { ethereumTransport } from './ethereumTransport.js';

/**
 * A viem public client on the Ethereum upstream for one source read: calls made in the same tick
 * share one HTTP request (JSON-RPC batching: each call stays a plain eth_call, so a recording answers
 * it on its own), and the caller's signal rides on every request, since viem takes none per call.
 *
 * @example const client = ethereumClient(services.upstreams.ethereum, context.signal);
 */
export function ethereumClient(upstream: Upstream, signal?: AbortSignal): PublicClient {
  return evmClient(upstream, mainnet, signal);
}

/**
 * The same client on any EVM upstream, with that upstream's viem chain (e.g. polygon, avalanche
 * from viem/chains): batched, no viem retry or timeout, the caller's signal on every request.
 *
 * @example const client = evmClient(services.upstreams.polygon, polygon, context.signal);
 */
export function evmClient(upstream: Upstream, chain: Chain, signal?: AbortSignal): PublicClient {
  return createPublicClient({ chain, transport: ethereumTransport(withSignal(upstream, signal), { batch: true }) }) as PublicClient;
}
