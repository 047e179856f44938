import { timingSafeEqual } from 'node:crypto';
import type { Services } from '../../runtime/services.js';
import { notFound } from '../../contract/errors.js';
import { headerOf } from '../http/request.js';
import type { StackRequest } from './request.js';

export const ORIGIN_HEADER = 'x-govex-origin';

/**
 * In AWS the API answers only its own CloudFront distribution, which adds a secret header: a caller
 * going around the CDN could otherwise forge the viewer address the limiter keys on. Such a call
 * finds nothing here. Without a configured secret (one machine) every caller is served.
 */
export function originGuard(getServices: () => Promise<Services>) {
  return {
    before: async function originGuardBefore(request: StackRequest) {
      const { originSecret } = (await getServices()).config;
      if (!originSecret) return;
      const presented = Buffer.from(headerOf(request.event, ORIGIN_HEADER) ?? '');
      const expected = Buffer.from(originSecret);
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
        throw notFound('no endpoint here; use the public address of this API');
      }
    },
  };
}
