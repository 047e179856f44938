/**
 * One error type per contract code. The domain throws these; the error middleware turns them
 * into the `{error, code, hint}` envelope in one place. Hints are fixed per code (contract, Errors).
 */
export const ERROR_CODES = {
  invalid_address: {
    status: 400,
    hint: 'pass an evm address, an ens name, or a solana, cosmos or xrp address; do not retry as-is',
  },
  invalid_input: {
    status: 400,
    hint: 'fix it and resend; allowed values are in the machine-readable specification',
  },
  unsupported_version: {
    status: 400,
    hint: 'drop the header or pin a served version listed by GET /api; check the changelog',
  },
  not_found: { status: 404, hint: 'check the path or id; GET /api lists every endpoint' },
  method_not_allowed: {
    status: 405,
    hint: 'fix it and resend; allowed values are in the machine-readable specification',
  },
  // A body over the operation's limit (POST /api/simulate: 16 kB), and one that is not JSON by its
  // Content-Type: their own statuses, reported with code invalid_input as a 405 is.
  payload_too_large: {
    status: 413,
    hint: 'fix it and resend; allowed values are in the machine-readable specification',
  },
  unsupported_media_type: {
    status: 415,
    hint: 'fix it and resend; allowed values are in the machine-readable specification',
  },
  // Well-formed input the service cannot act on (POST /api/watches: a receiver that failed the
  // webhook.verify handshake, a wallet at its cap of watches): 422, reported as invalid_input (issue #24).
  unprocessable_content: {
    status: 422,
    hint: 'fix it and resend; allowed values are in the machine-readable specification',
  },
  rate_limited: {
    status: 429,
    hint: 'wait `retry-after` seconds, then retry; the RateLimit header carries the remaining budget',
  },
  upstream_unavailable: { status: 502, hint: 'safe to retry shortly with backoff' },
  internal_error: { status: 500, hint: 'safe to retry shortly with backoff' },
} as const;

/** Kinds with a status of their own, reported with code `invalid_input`: a 405 (decisions.md, Other), a 413, a 415 and a 422. */
const REPORTED_AS_INVALID_INPUT = ['method_not_allowed', 'payload_too_large', 'unsupported_media_type', 'unprocessable_content'] as const;

/** The codes that appear on the wire. */
export type ErrorCode = Exclude<keyof typeof ERROR_CODES, (typeof REPORTED_AS_INVALID_INPUT)[number]>;
export const WIRE_ERROR_CODES = Object.keys(ERROR_CODES).filter(
  (code) => !(REPORTED_AS_INVALID_INPUT as readonly string[]).includes(code),
) as ErrorCode[];

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly hint: string;
  /** Extra response headers this error needs (Allow on 405, Retry-After on 429). */
  readonly headers: Record<string, string>;

  constructor(
    kind: keyof typeof ERROR_CODES,
    message: string,
    options: { cause?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.status = ERROR_CODES[kind].status;
    this.code = (REPORTED_AS_INVALID_INPUT as readonly string[]).includes(kind) ? 'invalid_input' : (kind as ErrorCode);
    this.hint = ERROR_CODES[kind].hint;
    this.headers = options.headers ?? {};
  }

  toJSON(): { error: string; code: ErrorCode; hint: string } {
    return { error: this.message, code: this.code, hint: this.hint };
  }
}

export const invalidAddress = (message: string) => new ApiError('invalid_address', message);
export const invalidInput = (message: string) => new ApiError('invalid_input', message);
export const notFound = (message: string) => new ApiError('not_found', message);
export const upstreamUnavailable = (message: string, cause?: unknown) =>
  new ApiError('upstream_unavailable', message, { cause });

/** A 500 never shows its cause to the caller; the cause is logged. */
export const internalError = (cause?: unknown) =>
  new ApiError('internal_error', 'internal error', { cause });
