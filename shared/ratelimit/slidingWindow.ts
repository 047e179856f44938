/**
 * Sliding-window counter (Cloudflare's approximation, conventions.md §2.1): the estimate of requests
 * in the last W seconds is prev × (1 − elapsed/W) + cur, from two fixed-window counters.
 */
export interface WindowPosition {
  index: number;
  /** Seconds since the current window started. */
  elapsed: number;
}

export const windowPosition = (nowMs: number, windowSeconds: number): WindowPosition => {
  const seconds = nowMs / 1000;
  const index = Math.floor(seconds / windowSeconds);
  return { index, elapsed: seconds - index * windowSeconds };
};

export const estimate = (prev: number, cur: number, elapsed: number, windowSeconds: number): number =>
  prev * (1 - elapsed / windowSeconds) + cur;

/** The highest current-window count at which one more request still fits the quota. */
export const ceilingFor = (quota: number, prev: number, elapsed: number, windowSeconds: number): number =>
  Math.floor(quota - prev * (1 - elapsed / windowSeconds) + 1e-9);

/**
 * Seconds until the estimate falls to `target` or below, assuming no new requests. The previous
 * window's weight decays during the rest of this window; after the boundary the current count
 * becomes the previous one and decays in turn.
 */
export function secondsUntil(target: number, prev: number, cur: number, elapsed: number, windowSeconds: number): number {
  const now = estimate(prev, cur, elapsed, windowSeconds);
  if (now <= target) return 0;
  const restOfWindow = windowSeconds - elapsed;
  if (prev > 0) {
    const within = ((now - target) * windowSeconds) / prev;
    if (within <= restOfWindow) return within;
  }
  if (cur <= target) return restOfWindow;
  return restOfWindow + windowSeconds * (1 - target / cur);
}
