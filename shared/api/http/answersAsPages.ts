import { errorPage, rateLimitedPage } from '../../../web/errorPage.js';
import { PAGE_SECURITY_HEADERS } from '../../../web/securityHeaders.js';
import type { Handler, ServedHandler } from '../middleware/stack.js';
import type { HttpResult } from './types.js';

const HTML = 'text/html; charset=utf-8';

/**
 * The middleware answers some requests before a page runs, with the API's JSON envelope: the
 * limiter's 429, a 405, an unserved api-version, the origin guard's 404, the last-resort 500. People
 * get a page for those too, with the same status and every header the stack set (Retry-After and the
 * RateLimit fields on a 429). Shared by the wallet page and the proposal page.
 */
export function everyAnswerAPage(served: ServedHandler): ServedHandler {
  const pages = (stack: Handler): Handler => async (event, context) => envelopeAsPage(await stack(event, context));
  const handler = pages(served) as ServedHandler;
  handler.withServices = (getServices) => pages(served.withServices(getServices));
  return handler;
}

/** The quota and window of a RateLimit-Policy field (`"default";q=30;w=60`), as responseHeaders writes it. */
const policyOf = (field: string) => ({ quota: Number(/;q=(\d+)/.exec(field)?.[1]), windowSeconds: Number(/;w=(\d+)/.exec(field)?.[1]) });

function envelopeAsPage(result: HttpResult): HttpResult {
  if (!result.headers['Content-Type']?.startsWith('application/json')) return result;
  const { statusCode, headers } = result;
  const { error } = JSON.parse(result.body ?? '{}') as { error?: string };
  const body =
    statusCode === 429
      ? rateLimitedPage({ retryAfterSeconds: Number(headers['Retry-After']), ...policyOf(headers['RateLimit-Policy'] ?? '') })
      : statusCode < 500
        ? errorPage({ status: statusCode, title: statusCode === 404 ? 'Nothing here' : 'Bad request', message: error ?? 'This request cannot be answered.' })
        : errorPage({ status: statusCode, title: 'Something went wrong', message: 'Try again shortly.' });
  return { ...result, headers: { ...headers, ...PAGE_SECURITY_HEADERS, 'Content-Type': HTML, 'Cache-Control': 'no-store' }, body };
}
