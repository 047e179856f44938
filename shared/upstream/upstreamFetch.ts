import { backoffDelayMs, type CallPolicy, retryAfterMs } from './callPolicy.js';
import type { UpstreamId, UpstreamProtocol } from './endpoints.js';
import { upstreamTimeout, upstreamUnreachable } from './errors.js';
import { classifyRequest } from './isIdempotentRead.js';
import type { RequestCounter } from './requestCounter.js';

/** The fetch signature every chain library accepts (viem fetchFn, our kit and cosmjs adapters). */
export type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface UpstreamFetchOptions {
  id: UpstreamId;
  protocol: UpstreamProtocol;
  policy: CallPolicy;
  counter: RequestCounter;
  /** The network; tests never replace it (they use the replay server), the bench may. */
  fetch?: FetchFn;
  random?: () => number;
}

/** Statuses a retry can cure: overload, rate limits, gateways. Other 4xx are the caller's fault. */
const RETRYABLE_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

export const isRetryableStatus = (status: number): boolean => RETRYABLE_STATUSES.has(status);

/**
 * fetch for one upstream: each attempt under the per-call deadline (headers and body), counted;
 * idempotent reads that fail retryably are retried with backoff. An HTTP error status is returned
 * as the Response (libraries build their own errors from it); a timeout or a network failure is
 * thrown as an UpstreamError. The caller's signal (a scan's deadline) stops everything at once.
 */
export function upstreamFetch(options: UpstreamFetchOptions): FetchFn {
  const { id, protocol, policy, counter, random } = options;
  const network = options.fetch ?? fetch;
  return async (input, init = {}) => {
    const method = init.method ?? (input instanceof Request ? input.method : 'GET');
    const body = typeof init.body === 'string' ? init.body : undefined;
    const { idempotent, calls } = classifyRequest(id, protocol, { method, body });
    const attempts = idempotent ? policy.retries + 1 : 1;
    const caller = init.signal ?? undefined;
    for (let attempt = 1; ; attempt += 1) {
      caller?.throwIfAborted();
      // Not cleared on return: the same deadline keeps bounding the body the library reads next.
      const deadline = AbortSignal.timeout(policy.deadlineMs);
      const signal = caller ? AbortSignal.any([caller, deadline]) : deadline;
      counter.sent(id, { retry: attempt > 1, calls });
      let wait: number;
      try {
        const response = await network(input, { ...init, signal });
        const last = attempt >= attempts;
        if (response.ok || !isRetryableStatus(response.status) || last) {
          if (!response.ok) counter.failed(id);
          return response;
        }
        const backoff = backoffDelayMs(attempt, policy, random);
        const asked = retryAfterMs(response.headers.get('retry-after'));
        // A server asking for more patience than the policy allows will not be better in time.
        if (asked !== undefined && asked > policy.backoffMaxMs) {
          counter.failed(id);
          return response;
        }
        wait = Math.max(backoff, asked ?? 0);
        await response.body?.cancel().catch(() => undefined);
      } catch (error) {
        if (caller?.aborted) throw caller.reason ?? error;
        const failure = deadline.aborted ? upstreamTimeout(id, policy.deadlineMs) : upstreamUnreachable(id, error);
        if (attempt >= attempts) {
          counter.failed(id);
          throw failure;
        }
        wait = backoffDelayMs(attempt, policy, random);
      }
      await sleep(wait, caller);
    }
  };
}

/** setTimeout as a promise that a signal cuts short. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
