import { clientAddress } from '../../ratelimit/clientAddress.js';
import { clientKey } from '../../ratelimit/clientKey.js';
import { BoundedMemo } from '../http/boundedMemo.js';
import type { Services } from '../../runtime/services.js';
import { ApiError } from '../../contract/errors.js';
import { methodOf } from '../http/request.js';
import type { Operation } from '../operations.js';
import type { StackRequest } from './request.js';

/**
 * Counts the request against its client's quota. A refusal is thrown, not returned early, so the
 * after and error phases still add CORS, version and rate-limit headers: a browser can read why.
 * A limiter store that fails lets the request through (fail open): the API is read-only, and an
 * outage of the counters must not become an outage of the service.
 */
export function rateLimit(operation: Operation, getServices: () => Promise<Services>) {
  // The HMAC of a client's address is the same on every request: worked out once per address, in a
  // bounded memo (a flood of addresses empties it, it never grows past the bound) that a new secret
  // replaces. Looked up by the address alone: no key text is built per request.
  let keys = { secret: '', byAddress: new BoundedMemo<string, string>(10_000) };
  const keyOf = (ip: string, secret: string) => {
    if (keys.secret !== secret) keys = { secret, byAddress: new BoundedMemo<string, string>(10_000) };
    return keys.byAddress.get(ip) ?? keys.byAddress.set(ip, clientKey(ip, secret));
  };
  return {
    before: async function rateLimitBefore(request: StackRequest) {
      if (!operation.throttled || methodOf(request.event) === 'OPTIONS') return;
      const { limiter, config, now } = await getServices();
      const ip = clientAddress(request.event, config.trustViewerAddress);
      try {
        request.internal.rateLimit = await limiter.consume(keyOf(ip, config.rateLimit.secret), now().getTime());
      } catch (error) {
        console.error(JSON.stringify({ level: 'warn', message: 'rate limiter unavailable; request let through', cause: String(error) }));
        return;
      }
      if (!request.internal.rateLimit.allowed) {
        const wait = request.internal.rateLimit.resetSeconds;
        throw new ApiError('rate_limited', `too many requests: over ${limiter.policy.quota} in ${limiter.policy.windowSeconds} s; retry in ${wait} s`);
      }
    },
  };
}
