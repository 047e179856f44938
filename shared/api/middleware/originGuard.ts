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
      if (!sameSecret(headerOf(request.event, ORIGIN_HEADER) ?? '', originSecret)) {
        throw notFound('no endpoint here; use the public address of this API');
      }
    },
  };
}

/**
 * Compares in time that depends on the lengths only, not on where the texts differ (what
 * crypto.timingSafeEqual does, without loading node:crypto on every cold start for it).
 */
export function sameSecret(presented: string, expected: string): boolean {
  if (presented.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index++) difference |= presented.charCodeAt(index) ^ expected.charCodeAt(index);
  return difference === 0;
}
