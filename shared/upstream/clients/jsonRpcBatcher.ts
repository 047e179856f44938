import { UpstreamError, upstreamMalformed } from '../errors.js';
import type { Upstream } from '../upstreams.js';
import { postJsonRpc } from './postJsonRpc.js';

/** A JSON-RPC client whose calls made in the same tick share one HTTP request (a JSON-RPC batch). */
export interface JsonRpcBatcher {
  /**
   * `callers`: the signals of everyone waiting on this call (none: one waits without a signal). The
   * batch's HTTP request stops once every signal of every call in it has aborted (postJsonRpc.ts).
   */
  request(method: string, params: readonly unknown[], callers?: readonly AbortSignal[]): Promise<unknown>;
}

interface Answered {
  result?: unknown;
  error?: { code?: unknown; message?: unknown } | null;
}

const rpcError = (upstream: Upstream, error: Answered['error']) =>
  new UpstreamError('upstream_error', upstream.id, `JSON-RPC error ${String(error?.code)}: ${String(error?.message).slice(0, 120)}`);

interface Queued {
  method: string;
  params: readonly unknown[];
  callers: readonly AbortSignal[] | undefined;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/**
 * JSON-RPC batching on one upstream, in place of viem's http transport with `batch: { wait: 0 }`
 * for the EVM reader (ethereumReader.ts): the calls made before the next microtask go out as one
 * batch, each answered (or failed) on its own. A JSON-RPC error answers its call with an
 * upstream_error naming the code (as the Solana and cosmos clients word it); a batch answered
 * without a call's id fails that call upstream_malformed.
 *
 * @example const chainId = await jsonRpcBatcher(upstream).request('eth_chainId', []);
 */
export function jsonRpcBatcher(upstream: Upstream): JsonRpcBatcher {
  let queue: Queued[] = [];
  const flush = (): void => {
    const batch = queue;
    queue = [];
    const body = JSON.stringify(batch.map(({ method, params }, id) => ({ jsonrpc: '2.0', id, method, params })));
    postJsonRpc(
      upstream,
      body,
      batch.map((call) => call.method),
      callersOf(batch),
    ).then(
      (answer) => {
        const byId = new Map<unknown, Answered>();
        if (Array.isArray(answer)) for (const item of answer) if (item && typeof item === 'object') byId.set((item as { id?: unknown }).id, item as Answered);
        // A node refusing the whole batch answers one error for it.
        const whole = !Array.isArray(answer) && answer && typeof answer === 'object' && (answer as Answered).error ? (answer as Answered) : undefined;
        batch.forEach((call, id) => {
          const item = whole ?? byId.get(id);
          if (!item) return call.reject(upstreamMalformed(upstream.id, new Error(`the batch answered no call ${id}`)));
          if (item.error) return call.reject(rpcError(upstream, item.error));
          call.resolve(item.result);
        });
      },
      (error: unknown) => {
        for (const call of batch) call.reject(error);
      },
    );
  };
  return {
    request(method, params, callers) {
      return new Promise((resolve, reject) => {
        if (queue.length === 0) queueMicrotask(flush);
        queue.push({ method, params, callers, resolve, reject });
      });
    },
  };
}

/** Every call's callers (postJsonRpc lists each signal once); undefined if a call has none (the batch then runs to its end). */
function callersOf(batch: readonly Queued[]): readonly AbortSignal[] | undefined {
  const first = batch[0]!.callers;
  if (!first) return undefined;
  // Usually the whole batch is one round's (its eth_chainId and eth_calls): the same list.
  if (batch.every((call) => call.callers === first)) return first;
  const all: AbortSignal[] = [];
  for (const { callers } of batch) {
    if (!callers) return undefined;
    all.push(...callers);
  }
  return all;
}
