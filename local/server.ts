import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { envelopeResult, type Handler, lastResortResult } from '../shared/api/middleware/stack.js';
import type { Services } from '../shared/runtime/services.js';
import { services, servicesFromEnv } from '../shared/runtime/servicesFromEnv.js';
import { scheduleFeedBuilds } from './feedSchedule.js';
import { bodyOf } from './requestBody.js';
import { ifNoneMatchHolds, weakTagOf } from '../shared/api/http/entityTag.js';
import { buildRoutes, matchRoute, routeTable } from './router.js';
import { toHttpEvent } from './toHttpEvent.js';
import { indexPage } from '../web/indexPage.js';
import { answerClientError, rawResponse } from './clientErrors.js';
import { applyLimits, closeGracefully, DEFAULT_LIMITS, type ServerLimits, serverOptionsFor } from './serverLimits.js';
import { PAGE_SECURITY_HEADERS, STYLESHEET_PATH } from '../web/securityHeaders.js';

export interface LocalServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

const STYLESHEET = new URL('../web/assets/govex.css', import.meta.url);
/** The paths served as files beside the API (staticFile); every other path goes to a handler at once. */
const STATIC_PATHS = new Set([STYLESHEET_PATH, '/', '/feed.atom']);

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
  /** Timeouts, caps and the shutdown grace (serverLimits.ts); tests shorten them. */
  limits?: Partial<ServerLimits>;
}

export async function startServer(options: StartOptions = {}): Promise<LocalServer> {
  // The services every handler, the feed schedule and the static files use: the caller's (the
  // process's composition root, a test's), else those the environment describes.
  const given = options.services;
  const getServices = given ? () => Promise.resolve(given) : services;
  const routes = routeTable(buildRoutes(options.handlers, getServices));
  const stylesheet = await readFile(STYLESHEET, 'utf8');
  const limits = { ...DEFAULT_LIMITS, ...options.limits };

  // Node would answer a HTTP/1.1 request without Host with a bare 400 of its own; it comes to us
  // instead, and gets the envelope.
  const server = createServer({ ...serverOptionsFor(limits), requireHostHeader: false }, async (request, response) => {
    // A body is read only by a route that takes one (after routing; the stream holds it till then);
    // any other request's is drained unread (send() closes on one still coming).
    if (request.method !== 'POST') request.resume();
    connections.answering(response);
    try {
      if (request.httpVersion === '1.1' && request.headers.host === undefined) {
        return send(response, request, envelopeResult(400, 'invalid_input', 'a HTTP/1.1 request needs a Host header'));
      }
      const target = request.url ?? '/';
      const queryAt = target.indexOf('?');
      const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
      if ((request.method === 'GET' || request.method === 'HEAD') && STATIC_PATHS.has(rawPath)) {
        const file = await staticFile(rawPath, stylesheet, getServices);
        if (file) return send(response, request, conditionalFile(file, request.headers['if-none-match']));
      }
      const matched = matchRoute(routes, rawPath) ?? matchRoute(routes, '/api/unknown')!;
      const handler = matched.route.loaded ?? (await matched.route.load());
      // Up to one byte past the route's limit: the handler answers 413 from that byte, without the rest.
      const { maxBodyBytes } = matched.route;
      const body = request.method === 'POST' && maxBodyBytes !== undefined ? await bodyOf(request, maxBodyBytes + 1) : (request.resume(), undefined);
      const event = toHttpEvent(request, { routeKey: matched.route.routeKey, pathParameters: matched.pathParameters }, nextRequestId(), body);
      send(response, request, await handler(event));
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'local server failed a request', cause: String(error) }));
      send(response, request, lastResortResult());
    }
  });
  const connections = applyLimits(server, limits);
  // Requests Node's parser or timers reject (bad request line, oversized headers, too slow) still get
  // the envelope, and so does CONNECT, which Node hands to a 'connect' listener (or drops) instead of
  // the handler.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => answerClientError(error, socket, connections.answerOn(socket)?.headersSent ?? false));
  server.on('connect', (_request, socket) => {
    if (!socket.writable) return socket.destroy();
    const refused = envelopeResult(405, 'invalid_input', 'method CONNECT is not allowed; use GET or HEAD');
    socket.end(rawResponse({ ...refused, headers: { ...refused.headers, Allow: 'GET, HEAD, OPTIONS' } }, 'Method Not Allowed'));
  });

  // A port already taken rejects here (EADDRINUSE), before any feed build is scheduled.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const feedBuilds = options.buildFeed ? scheduleFeedBuilds(getServices, (await getServices()).config.feedIntervalSeconds) : undefined;
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    server,
    close: async () => {
      feedBuilds?.stop();
      // A build under way gets the same grace; the feed store's write is atomic, so leaving one
      // unfinished at exit loses that build, never the stored feed.
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, limits.shutdownGraceMs)));
      await Promise.all([closeGracefully(server, limits.shutdownGraceMs), Promise.race([feedBuilds?.running(), graceOver])]);
      clearTimeout(timer);
    },
  };
}

/**
 * A request id unique in this process, as API Gateway gives each request one: a counter after the
 * process's start time, not a random UUID per request (no handler reads it; it only has to differ).
 */
const REQUEST_ID_PREFIX = `local-${Date.now().toString(36)}-`;
let requests = 0;
const nextRequestId = (): string => REQUEST_ID_PREFIX + (++requests).toString(36);

/**
 * The files the site serves beside the API, as S3 behind CloudFront does in AWS: the index and the
 * Atom feed the feed builder prebuilt into the feed store, and the pages' stylesheet.
 */
async function staticFile(rawPath: string, stylesheet: string, getServices: () => Promise<Services>): Promise<{ statusCode: number; headers: Record<string, string>; body: string } | undefined> {
  const headers = (contentType: string) => ({ ...PAGE_SECURITY_HEADERS, 'Content-Type': contentType, 'Cache-Control': 'public, max-age=300' });
  if (rawPath === STYLESHEET_PATH) return { statusCode: 200, headers: headers('text/css; charset=utf-8'), body: stylesheet };
  const name = rawPath === '/' ? 'index.html' : rawPath === '/feed.atom' ? 'feed.atom' : undefined;
  if (!name) return undefined;
  let file;
  try {
    // A deleted or unreadable file is answered from the store's last good copy where it has one.
    file = await (await getServices()).feedStore.readPrebuilt(name);
  } catch (error) {
    // The store is down and this process holds no last good copy: the API's answer for an unreadable
    // dependency (502 upstream_unavailable, safe to retry), never a 500.
    console.warn(JSON.stringify({ level: 'warn', message: 'prebuilt file unreadable', name, cause: String(error).slice(0, 300) }));
    const refused = envelopeResult(502, 'upstream_unavailable', `the ${rawPath === '/' ? 'index page' : 'Atom feed'} could not be read from the feed store; retry shortly`);
    return { ...refused, headers: { ...refused.headers, 'Retry-After': '30' } };
  }
  // Before the first build has written the index, a page that says so (and still has the search box).
  if (!file && name === 'index.html') return { statusCode: 200, headers: { ...headers('text/html; charset=utf-8'), 'Cache-Control': 'no-store' }, body: indexPage(undefined) };
  if (!file) return { statusCode: 503, headers: { ...headers('text/plain; charset=utf-8'), 'Cache-Control': 'no-store', 'Retry-After': '60' }, body: 'the feed is being built; retry in a minute\n' };
  return { statusCode: 200, headers: headers(file.contentType), body: file.body };
}

/** The last file body and its tag: the same prebuilt file is the same string until the next build writes one. */
let lastTagged: { body: string; tag: string } | undefined;

/**
 * A file as S3 behind CloudFront serves it: with an ETag, and 304 Not Modified (no body, no
 * Content-Type) when If-None-Match holds it, so a feed reader polling /feed.atom downloads it only
 * when a build changed it. Weak, as the edge may compress it (shared/api/http/entityTag.ts).
 */
function conditionalFile(file: { statusCode: number; headers: Record<string, string>; body: string }, ifNoneMatch: string | undefined) {
  if (file.statusCode !== 200) return file;
  if (lastTagged?.body !== file.body) lastTagged = { body: file.body, tag: weakTagOf(file.body) };
  const headers: Record<string, string> = { ...file.headers, ETag: lastTagged.tag };
  if (!ifNoneMatchHolds(ifNoneMatch, lastTagged.tag)) return { ...file, headers };
  const { 'Content-Type': _contentType, ...kept } = headers;
  return { statusCode: 304, headers: kept, body: '' };
}

/**
 * Writes a result. Its headers object is the server's once a handler has returned it (the stack
 * builds one per request), so Content-Length is added in place rather than in a copy of every header.
 */
function send(response: ServerResponse, request: IncomingMessage, result: { statusCode: number; headers?: Record<string, string | number>; body?: string }) {
  // A body still arriving (the API reads none) would hold the socket until it ends: the answer
  // closes the connection instead, so a slow body costs one answer, not a socket for minutes.
  if (!request.complete) response.shouldKeepAlive = false;
  const bytes = bytesOf(result.body ?? '');
  const headers = result.headers ?? {};
  // A 304's Content-Length would be that of the answer the client holds (RFC 9110 §8.6): left out.
  if (result.statusCode !== 304) headers['Content-Length'] = bytes.byteLength;
  response.writeHead(result.statusCode, headers);
  if (request.method === 'HEAD' || result.statusCode === 204) response.end();
  else response.end(bytes);
}

/**
 * The UTF-8 bytes of a body, remembered for the last one: a cached answer is the very same string on
 * every request (the comparison is then by reference), and encoding it again would cost a pass over
 * its characters each time (the largest item of a cached scan's profile once the stack was lean:
 * a JSON body with one non-Latin-1 character is a two-byte string, copied and transcoded per write).
 */
let lastBody = { body: '', bytes: Buffer.alloc(0) };
function bytesOf(body: string): Buffer {
  if (body !== lastBody.body) lastBody = { body, bytes: Buffer.from(body) };
  return lastBody.bytes;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // UPSTREAM=recorded: every upstream is the local replay server (test/fixtures/upstream), set up
  // before the first request builds any client.
  const { upstreamMode, recordedUpstreams } = await import('../shared/upstream/replay/recordedUpstreams.js');
  const recorded = upstreamMode() === 'recorded' ? await recordedUpstreams() : undefined;
  const port = Number(process.env.PORT ?? 3000);
  // A misconfiguration of the webhooks (WEBHOOK_ALLOW_LOOPBACK=1 beside TABLE_NAME) stops the start, not the first watch.
  (await import('../shared/webhooks/webhookSettings.js')).webhookSettingsFromEnv(process.env);
  // The composition root of the process: its stores and its upstreams (recorded or live), built once.
  const services = await servicesFromEnv(process.env, recorded?.upstreams);
  const local = await startServer({ port, host: process.env.HOST ?? '127.0.0.1', buildFeed: true, services }).catch(async (error: unknown) => {
    await recorded?.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
    // A taken or forbidden port is the caller's to change, not a crash to debug: one line, no stack.
    console.error(`govex: cannot listen on port ${port} (${code === 'EADDRINUSE' ? 'already in use' : 'permission denied'}); set PORT to another port, e.g. PORT=3001 npm start`);
    process.exit(1);
  });
  console.log(`govex listening on ${local.url} (GET ${local.url}/api for the catalog)`);
  if (recorded) console.log(`upstreams: recorded, replayed from ${recorded.replay.url} (faults: POST ${recorded.replay.url}/__replay/faults)`);
  // What `npm run doctor` checks, once, in the background: one line per upstream, so a wrong
  // endpoint shows at start rather than in the first scan that needs it.
  void (async () => {
    const [{ runDoctor, doctorLogLine }, { upstreamChecks }] = await Promise.all([import('../shared/doctor/runDoctor.js'), import('../shared/doctor/upstreamChecks.js')]);
    for (const row of await runDoctor(services.upstreams, await upstreamChecks())) console.log(doctorLogLine(row));
  })().catch((error: unknown) => console.warn(JSON.stringify({ level: 'warn', message: 'upstream checks could not run', cause: String(error) })));
  const stop = async (signal: string) => {
    console.log(`${signal}: closing`);
    await local.close();
    await recorded?.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
