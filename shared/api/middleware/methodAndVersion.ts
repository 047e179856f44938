import { ApiError } from '../../contract/errors.js';
import { headerOf, methodOf } from '../http/request.js';
import { isServedVersion, SERVED_VERSION_LINES } from '../../contract/version.js';
import type { Operation } from '../operations.js';
import type { StackRequest } from './request.js';

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** The methods an operation answers: a read answers GET and HEAD; a POST or DELETE operation that method alone. */
export const allowedMethodsOf = (operation: Pick<Operation, 'method'>): string => (operation.method === 'GET' ? ALLOWED_METHODS : `${operation.method}, OPTIONS`);

/**
 * GET and HEAD are served (POST on a POST operation), OPTIONS answers a preflight; anything else is 405 with Allow.
 * Synchronous: Middy awaits whatever a middleware returns, and an async function would cost a promise.
 */
export function methodAndVersion(operation: Pick<Operation, 'method'> = { method: 'GET' }) {
  const allow = allowedMethodsOf(operation);
  const served = operation.method === 'GET' ? ['GET', 'HEAD'] : [operation.method];
  const use = served.join(' or ');
  return {
    before: function methodAndVersionBefore(request: StackRequest): void {
      const method = methodOf(request.event);
      if (method === 'OPTIONS') return;
      if (!served.includes(method)) {
        throw new ApiError('method_not_allowed', `method ${shownHeader(method, 20)} is not allowed; use ${use}`, {
          headers: { Allow: allow },
        });
      }
      const pinned = headerOf(request.event, 'api-version');
      if (pinned !== undefined && !isServedVersion(pinned)) {
        throw new ApiError('unsupported_version', `api-version ${shownHeader(pinned)} is not served; served: ${SERVED_VERSION_LINES.join(', ')}`);
      }
    },
  };
}

/**
 * A caller's header value as we may echo it: cut, and everything outside printable ASCII written as
 * \uXXXX (HTTP headers reach Node as latin1, so echoing their bytes would garble any UTF-8).
 */
export function shownHeader(value: string, max = 40): string {
  const cut = value.length > max ? `${value.slice(0, max)}…` : value;
  return `"${cut.replace(/[^\x20-\x7e]|["\\]/g, (char) => (char === '…' ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`))}"`;
}
