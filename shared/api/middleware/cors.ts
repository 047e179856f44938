import { EXPOSED_HEADERS } from './responseHeaders.js';
import type { StackRequest } from './request.js';

const EXPOSE = EXPOSED_HEADERS.join(', ');

/**
 * The request headers a browser may send cross-origin, beyond those CORS always allows: the version
 * pin, a conditional GET's If-None-Match, and a Content-Type other than the three form types (a
 * client library that sets application/json on every request would otherwise fail its preflight),
 * and the watch operations' `Authorization: Bearer {secret}` (no cookies: credentials stay off).
 */
export const ALLOWED_REQUEST_HEADERS = ['api-version', 'If-None-Match', 'Content-Type', 'Authorization'];

/** What a preflight (OPTIONS) answers besides the methods; kept for two hours by the browser. */
export const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS.join(', '),
  'Access-Control-Max-Age': '7200',
} as const;

/**
 * CORS for a public, keyless, read-only API: every answer, errors and 404s included, is open to any
 * origin without credentials (so no `Vary: Origin`) and exposes the headers a script needs
 * (EXPOSED_HEADERS: rate limit, version, ETag…).
 * What @middy/http-cors did here with `origin: '*'`, without its per-request structuredClone of the
 * headers: the profile of cached scans showed it costing more than the scan's own cache lookup.
 * The headers object is the request's own (the stack builds one per answer), so it is completed in
 * place, synchronously (Middy awaits whatever a middleware returns; an async function would cost a promise).
 */
export function cors() {
  const add = function corsAfter(request: StackRequest): void {
    if (!request.response) return;
    const headers = (request.response.headers ??= {});
    headers['Access-Control-Allow-Origin'] ??= '*';
    headers['Access-Control-Expose-Headers'] ??= EXPOSE;
  };
  return { after: add, onError: add };
}
