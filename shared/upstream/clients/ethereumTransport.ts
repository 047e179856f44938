import { http, type HttpTransport } from 'viem';
import type { Upstream } from '../upstreams.js';

export interface EthereumTransportOptions {
  /** viem's JSON-RPC batching: calls made in the same tick share one HTTP request. */
  batch?: boolean | { batchSize?: number; wait?: number };
}

/**
 * viem's http transport over the Ethereum upstream. Retries and deadlines happen once, in the
 * upstream's fetch: viem's own retry is off (it would multiply attempts) and its timeout is off
 * (ours bounds each attempt, body included).
 *
 * @example
 * const client = createPublicClient({ chain: mainnet, transport: ethereumTransport(upstreams().ethereum) });
 * await client.getBlockNumber();
 */
export function ethereumTransport(upstream: Upstream, options: EthereumTransportOptions = {}): HttpTransport {
  return http(upstream.url, {
    fetchFn: upstream.fetch,
    retryCount: 0,
    timeout: 0,
    ...(options.batch !== undefined && { batch: options.batch }),
  });
}
