/**
 * When a failed delivery is tried again: the schedule Standard Webhooks gives as its example
 * (spec, "Retry schedule": immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h), each
 * delay moved by up to ±20 % (jitter, so a receiver back from an outage is not hit by every
 * sender's retries in the same second). The spec's delays are gaps between attempts and add up
 * to 80 h; the issue asks for a day, so an attempt that would land more than a day after the first
 * is not made (with the jitter at its middle: seven attempts, the last about 17.6 h after the first).
 */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000];

/** Retries end once an attempt would land later than this after the first one: a day. */
export const RETRY_WINDOW_MS = 86_400_000;

/** ±20 % of each scheduled delay. A Retry-After is honoured as sent, without jitter. */
const JITTER = 0.2;

export interface NextAttemptParameters {
  /** Attempts made so far, the failed one included (1 after the first). */
  attempts: number;
  /** When the first attempt was made (ms). */
  firstAttemptAtMs: number;
  nowMs: number;
  /** The receiver's Retry-After, in seconds, when it sent one: honoured in place of the schedule's delay. */
  retryAfterSeconds?: number;
  /** The schedule (tests pass a short one; deployments use RETRY_DELAYS_MS). */
  delaysMs?: readonly number[];
  random?: () => number;
}

/**
 * The delay before the next attempt, or undefined when the message is given up: the schedule is
 * spent, or the next attempt would fall outside the day since the first. A Retry-After replaces
 * the schedule's delay (a 429 or 503 with one says exactly when it can take the message).
 *
 * @example nextAttemptDelayMs({ attempts: 1, firstAttemptAtMs: 0, nowMs: 0, random: () => 0.5 }) // 5000
 */
export function nextAttemptDelayMs({ attempts, firstAttemptAtMs, nowMs, retryAfterSeconds, delaysMs = RETRY_DELAYS_MS, random = Math.random }: NextAttemptParameters): number | undefined {
  const scheduled = delaysMs[attempts - 1];
  if (scheduled === undefined) return undefined;
  const delay = retryAfterSeconds !== undefined ? Math.max(0, retryAfterSeconds) * 1000 : Math.round(scheduled * (1 - JITTER + 2 * JITTER * random()));
  if (nowMs + delay - firstAttemptAtMs > RETRY_WINDOW_MS) return undefined;
  return delay;
}

/**
 * A Retry-After header in seconds (RFC 9110 §10.2.3: a number of seconds or an HTTP date), or
 * undefined when absent or malformed.
 */
export function retryAfterSecondsOf(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}
