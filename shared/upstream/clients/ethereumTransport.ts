import { http, type HttpTransport } from 'viem';
import { upstreamMalformed, upstreamStatus } from '../errors.js';
import type { FetchFn } from '../upstreamFetch.js';
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
 * const client = createPublicClient({ chain: mainnet, transport: ethereumTransport(services.upstreams.ethereum) });
 * await client.getBlockNumber();
 */
export function ethereumTransport(upstream: Upstream, options: EthereumTransportOptions = {}): HttpTransport {
  return http(upstream.url, {
    fetchFn: checkedFetch(upstream),
    retryCount: 0,
    timeout: 0,
    ...(options.batch !== undefined && { batch: options.batch }),
  });
}

/**
 * The upstream's fetch, failing in our wording where viem would put its own (whose text carries the
 * endpoint URL and the request): an HTTP error after the retries, or a body that is not JSON.
 */
function checkedFetch(upstream: Upstream): FetchFn {
  return async (input, init) => {
    const response = await upstream.fetch(input, init);
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw upstreamStatus(upstream.id, response.status);
    }
    const text = await response.text();
    try {
      JSON.parse(text);
    } catch (error) {
      throw upstreamMalformed(upstream.id, error);
    }
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
