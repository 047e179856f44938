import type { IncomingMessage } from 'node:http';
import type { HttpEvent } from '../shared/api/http/types.js';

/**
 * Maps a Node request onto the API Gateway HTTP API (payload 2.0) event the Lambdas receive, so
 * the local server runs the very same handlers. The client address is the socket's peer, never a
 * header a caller can set.
 */
export function toHttpEvent(
  request: IncomingMessage,
  route: { routeKey: string; pathParameters: Record<string, string> | undefined },
  requestId: string,
  body?: Buffer,
): HttpEvent {
  const target = request.url ?? '/';
  const queryStart = target.indexOf('?');
  const rawPath = queryStart === -1 ? target : target.slice(0, queryStart);
  const rawQueryString = queryStart === -1 ? '' : target.slice(queryStart + 1);
  // Node has lower-cased the names already; only set-cookie arrives as an array.
  const headers: Record<string, string> = {};
  const given = request.headers;
  for (const name in given) {
    const value = given[name];
    if (value !== undefined) headers[name] = typeof value === 'string' ? value : value.join(',');
  }
  const nowMs = Date.now();
  const event: HttpEvent = {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath,
    rawQueryString,
    headers,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: (request.method ?? 'GET').toUpperCase(),
        path: rawPath,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? 'unknown',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: route.routeKey,
      stage: '$default',
      time: timeOf(nowMs),
      timeEpoch: nowMs,
    },
    isBase64Encoded: false,
  };
  if (rawQueryString) {
    const query = queryParameters(rawQueryString);
    if (query) event.queryStringParameters = query;
  }
  if (route.pathParameters) event.pathParameters = route.pathParameters;
  // As API Gateway hands over a body it does not take for text: base64, so no byte is lost to decoding here.
  if (body !== undefined) Object.assign(event, { body: body.toString('base64'), isBase64Encoded: true });
  return event;
}

/**
 * API Gateway v2 joins a repeated key's values with commas. A Map first, then own properties: a
 * key such as `__proto__` or `constructor` is a parameter like any other.
 */
function queryParameters(rawQueryString: string): Record<string, string> | undefined {
  const query = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(rawQueryString)) {
    const before = query.get(key);
    query.set(key, before === undefined ? value : `${before},${value}`);
  }
  return query.size > 0 ? Object.fromEntries(query) : undefined;
}

/**
 * The request's time as text, worked out once a second: formatting a date is a measurable share
 * of a cached answer's cost, and every request of the same second has the same text.
 */
let lastTime = { second: -1, text: '' };
function timeOf(nowMs: number): string {
  const second = Math.floor(nowMs / 1000);
  if (second !== lastTime.second) lastTime = { second, text: new Date(second * 1000).toUTCString() };
  return lastTime.text;
}
