import { describe, expect, it } from 'vitest';
import { nextAttemptDelayMs, RETRY_DELAYS_MS, retryAfterSecondsOf } from '../../shared/webhooks/retrySchedule.js';

describe('retry schedule', () => {
  it("follows Standard Webhooks' example schedule, jitter at its middle", () => {
    const middle = () => 0.5;
    let nowMs = 0;
    const delays: number[] = [];
    for (let attempts = 1; ; attempts++) {
      const delay = nextAttemptDelayMs({ attempts, firstAttemptAtMs: 0, nowMs, random: middle });
      if (delay === undefined) break;
      delays.push(delay);
      nowMs += delay;
    }
    // 5 s, 5 min, 30 min, 2 h, 5 h, 10 h; the next (14 h) would land past a day after the first attempt.
    expect(delays).toEqual(RETRY_DELAYS_MS.slice(0, 6));
    expect(nowMs).toBeLessThanOrEqual(86_400_000);
  });

  it('moves each delay by at most ±20 % (jitter), never the same for every sender', () => {
    expect(nextAttemptDelayMs({ attempts: 2, firstAttemptAtMs: 0, nowMs: 0, random: () => 0 })).toBe(240_000);
    expect(nextAttemptDelayMs({ attempts: 2, firstAttemptAtMs: 0, nowMs: 0, random: () => 1 })).toBe(360_000);
  });

  it("honours a Retry-After in place of the schedule's delay", () => {
    expect(nextAttemptDelayMs({ attempts: 1, firstAttemptAtMs: 0, nowMs: 0, retryAfterSeconds: 120, random: () => 0 })).toBe(120_000);
  });

  it('gives up at the end of the schedule and past a day, Retry-After or not', () => {
    expect(nextAttemptDelayMs({ attempts: RETRY_DELAYS_MS.length + 1, firstAttemptAtMs: 0, nowMs: 0 })).toBeUndefined();
    expect(nextAttemptDelayMs({ attempts: 1, firstAttemptAtMs: 0, nowMs: 0, retryAfterSeconds: 2 * 86_400 })).toBeUndefined();
  });

  it('reads Retry-After as seconds or an HTTP date, and ignores anything else', () => {
    const now = Date.parse('2026-11-25T21:00:00Z');
    expect(retryAfterSecondsOf('30', now)).toBe(30);
    expect(retryAfterSecondsOf('Wed, 25 Nov 2026 21:01:00 GMT', now)).toBe(60);
    expect(retryAfterSecondsOf('soon', now)).toBeUndefined();
    expect(retryAfterSecondsOf(undefined, now)).toBeUndefined();
  });
});
