import {
  createSolanaRpcFromTransport,
  type RpcTransport,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  SolanaError,
} from '@solana/kit';
import { parseJsonWithBigInts, stringifyJsonWithBigInts } from '@solana/rpc-spec-types';
import { UpstreamError, upstreamMalformed } from '../errors.js';
import type { Upstream } from '../upstreams.js';

/**
 * A @solana/kit RPC transport over the Solana upstream. Kit's own HTTP transport calls the global
 * fetch and takes no fetch function, so this mirrors it (same headers, same bigint-preserving
 * JSON) with the upstream's fetch underneath. Failures are UpstreamErrors in our wording (kit's
 * SolanaError kept as the cause of an HTTP error), so scans and builds can say what went wrong.
 */
export function solanaTransport(upstream: Upstream): RpcTransport {
  return (async ({ payload, signal }: { payload: unknown; signal?: AbortSignal }) => {
    const response = await upstream.fetch(upstream.url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json; charset=utf-8' },
      body: stringifyJsonWithBigInts(payload),
      ...(signal && { signal }),
    });
    if (!response.ok) {
      const cause = new SolanaError(SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR, { headers: response.headers, message: response.statusText, statusCode: response.status });
      throw new UpstreamError('upstream_status', upstream.id, `answered HTTP ${response.status}`, { cause });
    }
    const text = await response.text();
    let body: unknown;
    try {
      // u64 fields (lamports, slots) arrive as bigints, as kit's own transport gives them.
      body = parseJsonWithBigInts(text);
    } catch (error) {
      throw upstreamMalformed(upstream.id, error);
    }
    // A JSON-RPC error (method not found, a filter the node refuses, rate limits) is the upstream's
    // answer, so it fails as one, in our wording, rather than as kit's SolanaError.
    const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (error && typeof error === 'object') {
      throw new UpstreamError('upstream_error', upstream.id, `JSON-RPC error ${String(error.code)}: ${String(error.message).slice(0, 120)}`);
    }
    return body;
  }) as RpcTransport;
}

/**
 * The Solana RPC of @solana/kit over the upstream.
 *
 * @example
 * const slot = await solanaRpc(services.upstreams.solana).getSlot().send({ abortSignal: context.signal });
 */
export const solanaRpc = (upstream: Upstream) => createSolanaRpcFromTransport(solanaTransport(upstream));
