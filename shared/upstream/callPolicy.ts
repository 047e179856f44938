import { ENDPOINTS, type UpstreamId } from './endpoints.js';

/** How one upstream call is bounded: its deadline, and how often and how patiently it is retried. */
export interface CallPolicy {
  /** Each attempt (headers and body) must finish within this many ms. */
  deadlineMs: number;
  /** Extra attempts after the first, for idempotent reads that failed retryably. */
  retries: number;
  /** First backoff; doubles per retry up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Fraction of each backoff left to chance (0 = deterministic), so retrying clients spread out. */
  jitter: number;
}

export const DEFAULT_RETRIES = 2;

const positiveInteger = (value: string | undefined, name: string): number | undefined => {
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got ${value}`);
  return parsed;
};

/** The policy of one upstream: its own deadline unless UPSTREAM_CALL_DEADLINE_MS overrides all. */
export function policyFromEnv(id: UpstreamId, env: NodeJS.ProcessEnv = process.env): CallPolicy {
  return {
    deadlineMs: positiveInteger(env.UPSTREAM_CALL_DEADLINE_MS, 'UPSTREAM_CALL_DEADLINE_MS') ?? ENDPOINTS[id].deadlineMs,
    retries: positiveInteger(env.UPSTREAM_RETRIES, 'UPSTREAM_RETRIES') ?? DEFAULT_RETRIES,
    backoffBaseMs: 150,
    backoffMaxMs: 1000,
    jitter: 0.5,
  };
}

/**
 * Wait before retry number `retry` (1-based): exponential, capped, with the jitter fraction drawn
 * from `random`. Pure given `random`.
 */
export function backoffDelayMs(retry: number, policy: CallPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** (retry - 1));
  return Math.round(ceiling * (1 - policy.jitter * random()));
}

/**
 * A server's Retry-After (seconds or HTTP date) in ms, or undefined when absent or unreadable.
 * Snapshot's limiter and rippled's JSON-RPC both send it with 429/503.
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
