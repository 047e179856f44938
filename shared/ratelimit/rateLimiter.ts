import type { RateLimitCounterStore } from '../stores/types.js';
import { ceilingFor, estimate, secondsUntil, windowPosition } from './slidingWindow.js';

export interface RateLimitPolicy {
  name: string;
  quota: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  policy: RateLimitPolicy;
  /** Requests left now (the RateLimit `r`). */
  remaining: number;
  /** Whole seconds until `remaining` goes up (the RateLimit `t`); on a refusal, also Retry-After. */
  resetSeconds: number;
}

/**
 * A sliding-window limiter over any counter store. A refused request is not counted, so a
 * client that keeps knocking is told the truth by Retry-After (decisions.md, Rate limiting).
 */
export class SlidingWindowRateLimiter {
  constructor(
    private readonly store: RateLimitCounterStore,
    readonly policy: RateLimitPolicy,
  ) {}

  async consume(clientKey: string, nowMs: number): Promise<RateLimitDecision> {
    const { quota, windowSeconds } = this.policy;
    const { index, elapsed } = windowPosition(nowMs, windowSeconds);
    const prev = await this.store.count(clientKey, index - 1);
    const ceiling = ceilingFor(quota, prev, elapsed, windowSeconds);
    const expiresAtMs = (index + 2) * windowSeconds * 1000;
    const { counted, count } =
      ceiling > 0
        ? await this.store.incrementIfBelow(clientKey, index, ceiling, expiresAtMs)
        : { counted: false, count: await this.store.count(clientKey, index) };
    const used = estimate(prev, count, elapsed, windowSeconds);
    const remaining = Math.max(0, Math.floor(quota - used + 1e-9));
    // The next unit frees when the estimate drops to quota − remaining − 1. In a sliding window the
    // last request of a quiet client decays over two windows, but a policy's `t` never exceeds its
    // window `w` (RateLimit fields draft): a client told to wait longer than w would be told a wait
    // the policy itself does not state. A refusal's wait is always within one window.
    const wait = Math.min(windowSeconds, secondsUntil(quota - remaining - 1, prev, count, elapsed, windowSeconds));
    return { allowed: counted, policy: this.policy, remaining: counted ? remaining : 0, resetSeconds: Math.max(1, Math.ceil(wait)) };
  }
}
