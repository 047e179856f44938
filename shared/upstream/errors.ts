import type { UpstreamId } from './endpoints.js';

export type UpstreamErrorCode =
  | 'upstream_timeout'
  | 'upstream_unreachable'
  | 'upstream_status'
  | 'upstream_malformed'
  | 'upstream_wrong_chain'
  | 'upstream_error';

/**
 * An upstream failed a call. Modules let it propagate: the scan or feed orchestration turns it
 * into a degraded entry, and the API into upstream_unavailable (502).
 */
export class UpstreamError extends Error {
  constructor(
    readonly code: UpstreamErrorCode,
    readonly upstream: UpstreamId,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${upstream}: ${message}`, options);
    this.name = 'UpstreamError';
  }
}

/** One attempt ran past its per-call deadline (a hang, or a body that never finished). */
export const upstreamTimeout = (upstream: UpstreamId, ms: number) =>
  new UpstreamError('upstream_timeout', upstream, `no answer within ${ms} ms`);

export const upstreamUnreachable = (upstream: UpstreamId, cause: unknown) =>
  new UpstreamError('upstream_unreachable', upstream, `could not be reached (${causeText(cause)})`, { cause });

export const upstreamStatus = (upstream: UpstreamId, status: number) =>
  new UpstreamError('upstream_status', upstream, `answered HTTP ${status}`);

export const upstreamMalformed = (upstream: UpstreamId, cause: unknown) =>
  new UpstreamError('upstream_malformed', upstream, `answered a body that does not parse (${causeText(cause)})`, { cause });

/** The endpoint serves another chain than the one configured: never read positions from it. */
export const upstreamWrongChain = (upstream: UpstreamId, expected: string, actual: string) =>
  new UpstreamError('upstream_wrong_chain', upstream, `serves ${actual}, expected ${expected}`);

const causeText = (cause: unknown): string => {
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : cause.message.slice(0, 120);
};
