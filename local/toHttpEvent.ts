import type { IncomingMessage } from 'node:http';
import type { HttpEvent } from '../shared/api/http/types.js';

/**
 * Maps a Node request onto the API Gateway HTTP API (payload 2.0) event the Lambdas receive, so
 * the local server runs the very same handlers. The client address is the socket's peer, never a
 * header a caller can set.
 */
export function toHttpEvent(
  request: IncomingMessage,
  route: { routeKey: string; pathParameters: Record<string, string> },
  requestId: string,
): HttpEvent {
  const target = request.url ?? '/';
  const queryStart = target.indexOf('?');
  const rawPath = queryStart === -1 ? target : target.slice(0, queryStart);
  const rawQueryString = queryStart === -1 ? '' : target.slice(queryStart + 1);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query = new Map<string, string[]>();
  if (rawQueryString) for (const [key, value] of new URLSearchParams(rawQueryString)) query.set(key, [...(query.get(key) ?? []), value]);
  const now = new Date();
  return {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath,
    rawQueryString,
    headers,
    ...(query.size > 0 && { queryStringParameters: Object.fromEntries([...query].map(([key, values]) => [key, values.join(',')])) }),
    ...(Object.keys(route.pathParameters).length > 0 && { pathParameters: route.pathParameters }),
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
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  };
}
