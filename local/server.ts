import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '../shared/api/errors.js';
import { type Handler, lastResortResult } from '../shared/api/middleware/stack.js';
import { API_VERSION } from '../shared/api/version.js';
import { type Services, services, useServices } from '../shared/runtime/services.js';
import { scheduleFeedBuilds } from './feedSchedule.js';
import { buildRoutes, matchRoute } from './router.js';
import { toHttpEvent } from './toHttpEvent.js';

export interface LocalServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

const LANDING = new URL('../web/index.html', import.meta.url);

/**
 * Serves every route on one port through the handlers the Lambdas export: each request becomes an
 * API Gateway v2 event, each result an HTTP response.
 */
export interface StartOptions {
  port?: number;
  host?: string;
  services?: Services;
  /** Handlers to use in place of functions/ entries, by entry name (tests of the stack itself). */
  handlers?: Partial<Record<string, Handler>>;
  /** Build the feed at start and every config.feedIntervalSeconds (the default server does; tests choose). */
  buildFeed?: boolean;
}

export async function startServer(options: StartOptions = {}): Promise<LocalServer> {
  if (options.services) useServices(options.services);
  const routes = buildRoutes(options.handlers);
  const landing = await readFile(LANDING, 'utf8');

  const server = createServer(async (request, response) => {
    request.resume(); // GET takes no body; drain whatever a caller sends
    try {
      const rawPath = (request.url ?? '/').split('?')[0]!;
      if (rawPath === '/' && (request.method === 'GET' || request.method === 'HEAD')) {
        return send(response, request, { statusCode: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=300' }, body: landing });
      }
      const matched = matchRoute(routes, rawPath) ?? matchRoute(routes, '/api/unknown')!;
      const handler = await matched.route.load();
      const event = toHttpEvent(request, { routeKey: matched.route.routeKey, pathParameters: matched.pathParameters }, randomUUID());
      send(response, request, await handler(event));
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'local server failed a request', cause: String(error) }));
      send(response, request, lastResortResult());
    }
  });
  // Requests Node's parser rejects (bad request line, oversized headers) still get the envelope.
  server.on('clientError', (_error, socket) => {
    if (!socket.writable) return socket.destroy();
    const body = JSON.stringify({ error: 'malformed HTTP request', code: 'invalid_input', hint: ERROR_CODES.invalid_input.hint });
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nAccess-Control-Allow-Origin: *\r\nx-api-version: ${API_VERSION}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });

  const feedBuilds = options.buildFeed ? scheduleFeedBuilds(services, (await services()).config.feedIntervalSeconds) : undefined;

  await new Promise<void>((resolve) => server.listen(options.port ?? 3000, options.host ?? '127.0.0.1', resolve));
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    server,
    close: async () => {
      feedBuilds?.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await feedBuilds?.running();
    },
  };
}

function send(response: ServerResponse, request: IncomingMessage, result: { statusCode: number; headers?: Record<string, string>; body?: string }) {
  const body = request.method === 'HEAD' || result.statusCode === 204 ? '' : (result.body ?? '');
  response.writeHead(result.statusCode, { ...result.headers, 'Content-Length': Buffer.byteLength(result.body ?? '') });
  response.end(body);
}


if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // UPSTREAM=recorded: every upstream is the local replay server (test/fixtures/upstream), set up
  // before the first request builds any client.
  const { upstreamMode, useRecordedUpstreams } = await import('../shared/upstream/replay/useRecordedUpstreams.js');
  const recorded = upstreamMode() === 'recorded' ? await useRecordedUpstreams() : undefined;
  const port = Number(process.env.PORT ?? 3000);
  const local = await startServer({ port, host: process.env.HOST ?? '127.0.0.1', buildFeed: true });
  console.log(`govex listening on ${local.url} (GET ${local.url}/api for the catalog)`);
  if (recorded) console.log(`upstreams: recorded, replayed from ${recorded.replay.url} (faults: POST ${recorded.replay.url}/__replay/faults)`);
  const stop = async (signal: string) => {
    console.log(`${signal}: closing`);
    await local.close();
    await recorded?.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
