import { UpstreamError } from './errors.js';

/** An error whose message was written for callers (a deadline, a component not wired): safe to show. */
export interface CallerFacingError extends Error {
  readonly callerFacing: true;
}

const isCallerFacing = (error: unknown): error is Error =>
  error instanceof UpstreamError || (error instanceof Error && (error as Partial<CallerFacingError>).callerFacing === true);

/**
 * What a failed component says in `degraded` and in a 502: our own wording (an UpstreamError, a
 * deadline), found anywhere in the cause chain, since chain libraries wrap it. A library's own text
 * is never shown: viem's, for one, carries the endpoint URL (an API key, where one is configured)
 * and the request body.
 *
 * @example describeFailure(new Error('x', { cause: upstreamStatus('ethereum', 503) })) // 'ethereum: answered HTTP 503'
 */
export function describeFailure(error: unknown): string {
  for (let current: unknown = error, depth = 0; current && depth < 10; current = (current as { cause?: unknown }).cause, depth++) {
    if (isCallerFacing(current)) return current.message.slice(0, 300);
  }
  return `failed (${error instanceof Error ? error.name : typeof error})`;
}

/**
 * describeFailure for the caller, and the whole error for the operator's log: the library's text
 * that callers never see is what explains a failure that is not an upstream's.
 *
 * @example degraded.push({ module, component, message: reportFailure(error, { module, component }) })
 */
export function reportFailure(error: unknown, where: Record<string, string>): string {
  const message = describeFailure(error);
  console.warn(JSON.stringify({ level: 'warn', message: 'component failed', ...where, shown: message, cause: String(error).slice(0, 1000) }));
  return message;
}
