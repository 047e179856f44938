import { ApiError } from '../errors.js';
import { headerOf, methodOf } from '../http/request.js';
import { isServedVersion, SERVED_VERSION_LINES } from '../version.js';
import type { StackRequest } from './request.js';

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** GET and HEAD are served, OPTIONS answers a preflight; anything else is 405 with Allow. */
export function methodAndVersion() {
  return {
    before: async function methodAndVersionBefore(request: StackRequest) {
      const method = methodOf(request.event);
      if (method === 'OPTIONS') return;
      if (method !== 'GET' && method !== 'HEAD') {
        throw new ApiError('method_not_allowed', `method ${method.slice(0, 20)} is not allowed; use GET or HEAD`, {
          headers: { Allow: ALLOWED_METHODS },
        });
      }
      const pinned = headerOf(request.event, 'api-version');
      if (pinned !== undefined && !isServedVersion(pinned)) {
        throw new ApiError('unsupported_version', `api-version ${JSON.stringify(pinned.slice(0, 40))} is not served; served: ${SERVED_VERSION_LINES.join(', ')}`);
      }
    },
  };
}
