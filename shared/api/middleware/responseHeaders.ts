import type { Operation } from '../operations.js';
import { API_VERSION } from '../../contract/version.js';
import type { RateLimitPolicy } from '../../ratelimit/rateLimiter.js';
import { TRANSPORT_SECURITY_HEADERS } from '../../../web/securityHeaders.js';
import type { StackRequest } from './request.js';

/**
 * Every response header a script in a browser may need to read through CORS, beyond those CORS
 * always shows (Cache-Control, Content-Type, Content-Length…): the rate-limit fields, the version
 * and deprecation fields, Allow on a 405, and ETag, to send back as If-None-Match.
 */
export const EXPOSED_HEADERS = [
  'ETag',
  'Allow',
  'RateLimit',
  'RateLimit-Policy',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'Retry-After',
  'x-api-version',
  'Deprecation',
  'Sunset',
  'Link',
];

/**
 * Headers that every answer of an operation carries, errors included: the version, HSTS and nosniff, Deprecation
 * (RFC 9745, @unix-seconds) and Sunset (RFC 8594, HTTP-date) when configured, and the rate-limit
 * fields when the request went through the limiter. The answer's own headers win over the fixed
 * ones; the rate-limit fields are always this request's.
 *
 * The headers object is the request's own (the stack builds one per answer), so it is completed in
 * place: a copy of a dozen headers per request was the largest item of a cached scan's profile.
 * Synchronous, as Middy awaits whatever a middleware returns: an async function would cost a promise.
 */
export function responseHeaders(operation: Operation) {
  // HSTS and nosniff on every answer, JSON included (issue #19): the edge adds them too, this keeps
  // them on answers that reach a client some other way (the local server, a direct call).
  const fixed: [string, string][] = [['x-api-version', API_VERSION], ...Object.entries(TRANSPORT_SECURITY_HEADERS)];
  if (operation.deprecation) {
    fixed.push(['Deprecation', `@${Math.floor(Date.parse(operation.deprecation.since) / 1000)}`]);
    if (operation.deprecation.sunset) fixed.push(['Sunset', new Date(operation.deprecation.sunset).toUTCString()]);
    if (operation.deprecation.link) fixed.push(['Link', `<${operation.deprecation.link}>; rel="deprecation"; type="text/html"`]);
  }
  const add = function responseHeadersAfter(request: StackRequest): void {
    if (!request.response) return;
    const headers = (request.response.headers ??= {});
    for (const [name, value] of fixed) headers[name] ??= value;
    const decision = request.internal.rateLimit;
    if (decision) {
      const { name, quota } = decision.policy;
      headers['RateLimit-Policy'] = policyField(decision.policy);
      headers.RateLimit = `"${name}";r=${decision.remaining};t=${decision.resetSeconds}`;
      headers['X-RateLimit-Limit'] = String(quota);
      headers['X-RateLimit-Remaining'] = String(decision.remaining);
      if (!decision.allowed) headers['Retry-After'] = String(decision.resetSeconds);
    }
  };
  return { after: add, onError: add };
}

/** The RateLimit-Policy field of a policy, written once per policy (a limiter keeps one). */
const policyFields = new WeakMap<RateLimitPolicy, string>();
function policyField(policy: RateLimitPolicy): string {
  let field = policyFields.get(policy);
  if (field === undefined) policyFields.set(policy, (field = `"${policy.name}";q=${policy.quota};w=${policy.windowSeconds}`));
  return field;
}
