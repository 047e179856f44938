import { ERROR_CODES } from '../shared/contract/errors.js';
import { API_VERSION } from '../shared/contract/version.js';
import { EXPOSED_HEADERS } from '../shared/api/middleware/responseHeaders.js';
import { TRANSPORT_SECURITY_HEADERS } from '../web/securityHeaders.js';

/**
 * What a 429 that our handlers did not write says: the contract's envelope with code rate_limited,
 * and the headers every answer carries, for the two senders in front of them (the web ACL's rate rule,
 * infra/webAcl.ts, and API Gateway's route throttles, rewritten by infra/throttleEnvelope.ts). Neither
 * knows the client's own budget, so there are no RateLimit fields; Retry-After is the sender's window.
 */
export function edgeRateLimited(error: string, retryAfterSeconds: number): { body: string; headers: Record<string, string> } {
  return {
    body: JSON.stringify({ error, code: 'rate_limited', hint: ERROR_CODES.rate_limited.hint }),
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(retryAfterSeconds),
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': EXPOSED_HEADERS.join(', '),
      'x-api-version': API_VERSION,
      ...TRANSPORT_SECURITY_HEADERS,
    },
  };
}
