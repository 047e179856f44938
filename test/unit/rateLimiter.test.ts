import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientKey, groupAddress } from '../../shared/ratelimit/clientKey.js';
import { SlidingWindowRateLimiter } from '../../shared/ratelimit/rateLimiter.js';
import { estimate, secondsUntil } from '../../shared/ratelimit/slidingWindow.js';
import { MemoryCounterStore } from '../../shared/stores/memory/memoryCounterStore.js';

const policy = { name: 'default', quota: 30, windowSeconds: 60 };
const limiter = () => new SlidingWindowRateLimiter(new MemoryCounterStore(), policy);
const WINDOW_START = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);

describe('sliding window limiter', () => {
  it('allows the quota within one window, then refuses with r=0', async () => {
    const subject = limiter();
    const decisions = [];
    for (let i = 0; i < 31; i++) decisions.push(await subject.consume('client', WINDOW_START + i * 100));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(30);
    expect(decisions[29]).toMatchObject({ allowed: true, remaining: 0 });
    expect(decisions[30]).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('never tells a wait longer than the window, on a 200 or a 429', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 200_000 }), { minLength: 1, maxLength: 80 }), async (offsets) => {
        const subject = limiter();
        for (const offset of [...offsets].sort((a, b) => a - b)) {
          const decision = await subject.consume('client', WINDOW_START + offset);
          expect(decision.resetSeconds).toBeGreaterThanOrEqual(1);
          expect(decision.resetSeconds).toBeLessThanOrEqual(policy.windowSeconds);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('counts down r by one per request', async () => {
    const subject = limiter();
    expect((await subject.consume('client', WINDOW_START)).remaining).toBe(29);
    expect((await subject.consume('client', WINDOW_START + 1)).remaining).toBe(28);
  });

  it('keeps clients apart', async () => {
    const subject = limiter();
    for (let i = 0; i < 30; i++) await subject.consume('a', WINDOW_START);
    expect((await subject.consume('a', WINDOW_START)).allowed).toBe(false);
    expect((await subject.consume('b', WINDOW_START)).allowed).toBe(true);
  });

  it('slides: a full previous window weighs less as the current one goes on', async () => {
    const subject = limiter();
    for (let i = 0; i < 30; i++) await subject.consume('client', WINDOW_START + 59_000);
    // 15 s into the next window the previous 30 weigh 30 × 45/60 = 22.5: 7 more fit, not 30.
    let allowed = 0;
    for (let i = 0; i < 30; i++) if ((await subject.consume('client', WINDOW_START + 75_000)).allowed) allowed++;
    expect(allowed).toBe(7);
  });

  it('does not allow twice the quota across a window boundary', async () => {
    const subject = limiter();
    let allowed = 0;
    for (let second = 50; second < 70; second++) {
      for (let i = 0; i < 10; i++) if ((await subject.consume('client', WINDOW_START + second * 1000)).allowed) allowed++;
    }
    expect(allowed).toBeLessThanOrEqual(30 + Math.ceil(30 * (10 / 60)));
  });

  it('refuses until Retry-After has passed, and allows from then on', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 119_000 }), { minLength: 31, maxLength: 80 }), async (offsets) => {
        const times = offsets.sort((a, b) => a - b).map((offset) => WINDOW_START + offset);
        const subject = limiter();
        for (const [index, time] of times.entries()) {
          const decision = await subject.consume('client', time);
          if (decision.allowed) continue;
          // Replays of the same history (refusals are not counted) probe the future twice.
          const replay = async (at: number) => {
            const clone = limiter();
            for (const earlier of times.slice(0, index)) await clone.consume('client', earlier);
            return (await clone.consume('client', at)).allowed;
          };
          expect(await replay(time + decision.resetSeconds * 1000)).toBe(true);
          expect(await replay(time + (decision.resetSeconds - 1) * 1000)).toBe(false);
          return;
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('sliding window math', () => {
  it('weights the previous window by the part of it still inside the last W seconds', () => {
    expect(estimate(30, 0, 15, 60)).toBe(22.5);
    expect(estimate(30, 5, 0, 60)).toBe(35);
  });

  it('waits for the previous window to decay, then for the current one', () => {
    expect(secondsUntil(29, 30, 0, 0, 60)).toBe(2);
    expect(secondsUntil(29, 0, 30, 10, 60)).toBe(50 + 2);
    expect(secondsUntil(10, 0, 5, 10, 60)).toBe(0);
  });
});

describe('client key', () => {
  it('drops IPv4-mapped prefixes and brackets', () => {
    expect(groupAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(groupAddress('[2001:db8::1]')).toBe(groupAddress('2001:db8::2'));
  });

  it('groups IPv6 by /56', () => {
    expect(groupAddress('2001:db8:1:ab12::1')).toBe(groupAddress('2001:db8:1:abff:ffff::9'));
    expect(groupAddress('2001:db8:1:ab12::1')).not.toBe(groupAddress('2001:db8:1:ac12::1'));
  });

  it('is a keyed hash, never the address itself', () => {
    const key = clientKey('203.0.113.9', 'secret');
    expect(key).not.toContain('203');
    expect(key).toHaveLength(32);
    expect(clientKey('203.0.113.9', 'other')).not.toBe(key);
  });
});
