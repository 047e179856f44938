import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { Services } from '../../runtime/services.js';
import { services as defaultServices } from '../../runtime/servicesFromEnv.js';
import { ERROR_CODES } from '../../contract/errors.js';
import { methodOf } from '../http/request.js';
import type { HttpEvent, HttpResult, Reply } from '../http/types.js';
import type { Operation } from '../operations.js';
import { API_VERSION } from '../../contract/version.js';
import { cors, PREFLIGHT_HEADERS } from './cors.js';
import { errorEnvelope } from './errorEnvelope.js';
import { knownParameters } from './knownParameters.js';
import { allowedMethodsOf, methodAndVersion } from './methodAndVersion.js';
import { originGuard } from './originGuard.js';
import { rateLimit } from './rateLimit.js';
import { EXPOSED_HEADERS, responseHeaders } from './responseHeaders.js';
import { TRANSPORT_SECURITY_HEADERS } from '../../../web/securityHeaders.js';

export type Handler = (event: HttpEvent, context?: Context) => Promise<HttpResult>;
export type Implementation = (event: HttpEvent, services: Services) => Promise<Reply>;

/**
 * A function's handler as the Lambda runtime calls it (the container's services, built on first
 * use), and the same handler on services a caller built: the local server's composition root.
 */
export interface ServedHandler extends Handler {
  withServices(getServices: () => Promise<Services>): Handler;
}

/**
 * The one middleware stack of every handler. Middy runs `after` and `onError` in reverse order of
 * registration, so the envelope is built first, then the headers, then CORS, and every answer,
 * errors and 404s included, leaves with all of them.
 */
export function createHandler(operation: Operation, implementation: Implementation): ServedHandler {
  const handler = stackOf(operation, implementation, defaultServices) as ServedHandler;
  handler.withServices = (getServices) => stackOf(operation, implementation, getServices);
  return handler;
}

function stackOf(operation: Operation, implementation: Implementation, getServices: () => Promise<Services>): Handler {
  const stack = middy<HttpEvent, HttpResult>()
    .use(cors())
    .use(responseHeaders(operation))
    .use(errorEnvelope())
    .use(originGuard(getServices))
    .use(rateLimit(operation, getServices))
    .use(methodAndVersion(operation))
    .use(knownParameters(operation))
    .handler(async (event) => {
      if (methodOf(event) === 'OPTIONS') return preflight(operation);
      const reply = await implementation(event, await getServices());
      // HEAD keeps the body so Content-Length stays true; the server (or API Gateway) drops it.
      return toResult(reply, operation);
    });

  // The last net: should the stack itself throw, the caller still gets the envelope, not a crash.
  return async (event, context) => {
    try {
      return await stack(event, context ?? ({} as Context));
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'middleware stack failed', cause: String(error) }));
      return lastResortResult();
    }
  };
}

function toResult(reply: Reply, operation: Operation): HttpResult {
  // 304 Not Modified: the headers of the answer the client holds (ETag, Cache-Control), no body, no Content-Type.
  if (reply.status === 304) return { statusCode: 304, headers: { 'Cache-Control': operation.cacheControl, ...reply.headers }, body: '' };
  const json = typeof reply.body !== 'string';
  const body = json ? JSON.stringify(reply.body) : (reply.body as string);
  return {
    statusCode: reply.status ?? 200,
    headers: {
      'Content-Type': reply.contentType ?? (json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8'),
      'Cache-Control': operation.cacheControl,
      ...reply.headers,
    },
    body,
  };
}

const preflight = (operation: Operation): HttpResult => ({
  statusCode: 204,
  headers: { 'Access-Control-Allow-Methods': allowedMethodsOf(operation), ...PREFLIGHT_HEADERS },
  body: '',
});

/** The answer when nothing else could answer: the envelope, with CORS and the version. */
/**
 * An error envelope with the headers every answer carries, for answers made outside the stack:
 * the last resort when the stack itself fails, and what the local server answers before a request
 * reaches any handler (no Host, CONNECT, a request Node cannot parse).
 */
export const envelopeResult = (statusCode: number, code: keyof typeof ERROR_CODES, error: string): HttpResult & { headers: Record<string, string>; body: string } => ({
  statusCode,
  headers: {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS.join(', '),
    'x-api-version': API_VERSION,
    ...TRANSPORT_SECURITY_HEADERS,
  },
  body: JSON.stringify({ error, code, hint: ERROR_CODES[code].hint }),
});

export const lastResortResult = (): HttpResult => envelopeResult(500, 'internal_error', 'internal error');
