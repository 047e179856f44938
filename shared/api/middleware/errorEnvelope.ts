import { ApiError, internalError } from '../../contract/errors.js';
import type { StackRequest } from './request.js';

/**
 * Turns any error into the contract's envelope. Below 500 the message is the caller's to read;
 * a 500 never shows its cause, which goes to the log instead.
 */
export function errorEnvelope() {
  return {
    onError: async function errorEnvelopeOnError(request: StackRequest) {
      const error = request.error instanceof ApiError ? request.error : internalError(request.error);
      if (error.status >= 500) {
        console.error(JSON.stringify({ level: error.status === 500 ? 'error' : 'warn', code: error.code, cause: String(error.cause ?? error).slice(0, 500) }));
      }
      request.response = {
        statusCode: error.status,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...error.headers },
        body: JSON.stringify(error.toJSON()),
      };
    },
  };
}
