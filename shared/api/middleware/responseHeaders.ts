import type { Operation } from '../operations.js';
import { API_VERSION } from '../../contract/version.js';
import type { StackRequest } from './request.js';

/** Every rate-limit header a client, or a browser through CORS, may need to read. */
export const EXPOSED_HEADERS = [
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
 * Headers that every answer of an operation carries, errors included: the version, Deprecation
 * (RFC 9745, @unix-seconds) and Sunset (RFC 8594, HTTP-date) when configured, and the rate-limit
 * fields when the request went through the limiter.
 */
export function responseHeaders(operation: Operation) {
  const fixed: Record<string, string> = { 'x-api-version': API_VERSION };
  if (operation.deprecation) {
    fixed.Deprecation = `@${Math.floor(Date.parse(operation.deprecation.since) / 1000)}`;
    if (operation.deprecation.sunset) fixed.Sunset = new Date(operation.deprecation.sunset).toUTCString();
    if (operation.deprecation.link) fixed.Link = `<${operation.deprecation.link}>; rel="deprecation"; type="text/html"`;
  }
  const add = async function responseHeadersAfter(request: StackRequest) {
    if (!request.response) return;
    const headers = { ...fixed, ...request.response.headers };
    const decision = request.internal.rateLimit;
    if (decision) {
      const { name, quota, windowSeconds } = decision.policy;
      headers['RateLimit-Policy'] = `"${name}";q=${quota};w=${windowSeconds}`;
      headers.RateLimit = `"${name}";r=${decision.remaining};t=${decision.resetSeconds}`;
      headers['X-RateLimit-Limit'] = String(quota);
      headers['X-RateLimit-Remaining'] = String(decision.remaining);
      if (!decision.allowed) headers['Retry-After'] = String(decision.resetSeconds);
    }
    request.response.headers = headers;
  };
  return { after: add, onError: add };
}
