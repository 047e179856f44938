import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { ENDPOINTS, type EndpointUrls, UPSTREAM_IDS, type UpstreamId } from '../endpoints.js';
import { type Fault, FaultBook, parseFault, WRONG_CHAIN } from './faults.js';
import { type ExchangesByUpstream, type FixtureFile, groupExchanges, loadFixtures } from './fixtureFormat.js';
import { answerGraphql, answerJsonRpcCall, answerRest, answerXrpl, type JsonRpcCall } from './matchExchange.js';

/** A request no recording answers: the test (or the recording) is missing something. */
export interface ReplayMiss {
  upstream: UpstreamId;
  request: string;
}

export interface ReplayServer {
  /** http://host:port; each upstream is mounted at /<upstream id> (ws:// for xrpl). */
  url: string;
  /** Every upstream's URL on this server, ready for createUpstreams({ endpoints }). */
  endpoints: EndpointUrls;
  faults: FaultBook;
  /** Requests received per upstream (WebSocket: per message), as the server saw them. */
  received: Record<UpstreamId, number>;
  /** The latest misses (MAX_KEPT_MISSES of them, each request cut to MISS_REQUEST_CHARS). */
  misses: ReplayMiss[];
  /** Every miss since the start, including those no longer kept. */
  missCount(): number;
  close(): Promise<void>;
}

export interface ReplayServerOptions {
  /** Recordings to serve; default: every file under test/fixtures/upstream. */
  fixtures?: readonly FixtureFile[];
  fixturesDir?: string | URL;
  port?: number;
  host?: string;
  /** Faults active from the start (UPSTREAM_FAULTS). */
  faults?: readonly [UpstreamId, Fault][];
  onMiss?: (miss: ReplayMiss) => void;
}

/**
 * How many misses are kept, and how much of each request: under UPSTREAM=recorded a long run of
 * unrecorded scans would otherwise keep every request body (94 → 1,045 MB of heap after 17.6k
 * unique scans, issue #19).
 */
export const MAX_KEPT_MISSES = 100;
export const MISS_REQUEST_CHARS = 500;

/**
 * Serves recorded exchanges over real HTTP and WebSocket, so viem, @solana/kit, cosmjs and xrpl.js
 * talk to it exactly as to the live upstreams, and plays faults on demand (see faults.ts). Also
 * answers /__replay/stats and /__replay/faults for runs under UPSTREAM=recorded.
 */
export async function startReplayServer(options: ReplayServerOptions = {}): Promise<ReplayServer> {
  const exchanges = groupExchanges(options.fixtures ?? (await loadFixtures(options.fixturesDir)));
  const faults = new FaultBook();
  for (const [upstream, fault] of options.faults ?? []) faults.inject(upstream, fault);
  const received = Object.fromEntries(UPSTREAM_IDS.map((id) => [id, 0])) as Record<UpstreamId, number>;
  const misses: ReplayMiss[] = [];
  let missCount = 0;
  const timers = new Set<NodeJS.Timeout>();
  const miss = (upstream: UpstreamId, request: string) => {
    // A copy, not a slice: V8 keeps a slice's whole parent string (here the request body) alive.
    const entry = { upstream, request: Buffer.from(request.slice(0, MISS_REQUEST_CHARS), 'utf8').toString('utf8') };
    missCount += 1;
    misses.push(entry);
    if (misses.length > MAX_KEPT_MISSES) misses.splice(0, misses.length - MAX_KEPT_MISSES);
    options.onMiss?.(entry);
  };
  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const http = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://replay');
    const [, mount = '', ...rest] = url.pathname.split('/');
    const body = await readBody(request);
    if (mount === '__replay') return control(request.method ?? 'GET', rest.join('/'), url, body, response);
    const upstream = UPSTREAM_IDS.find((id) => id === mount);
    if (!upstream || upstream === 'xrpl') return send(response, 404, { replay: `no upstream mounted at /${mount}` });
    received[upstream] += 1;
    const fault = faults.take(upstream);
    if (fault?.kind === 'hang') return; // the client's deadline has to cut it; close() ends the socket
    if (fault?.kind === 'latency') await delay(fault.ms);
    if (fault?.kind === 'status') return sendText(response, fault.status, `replay fault: HTTP ${fault.status}`);
    const answer = answerHttp(exchanges, upstream, request.method ?? 'GET', `/${rest.join('/')}`, url.searchParams, body, fault, miss);
    if (fault?.kind === 'malformed') {
      const text = answer.text ?? JSON.stringify(answer.body);
      return sendText(response, 200, text.slice(0, Math.max(2, Math.floor(text.length / 2))), 'application/json');
    }
    if (answer.text !== undefined) return sendText(response, answer.status, answer.text, answer.headers?.['content-type']);
    return send(response, answer.status, answer.body, answer.headers);
  });

  const control = (method: string, action: string, url: URL, body: string, response: ServerResponse) => {
    if (action === 'stats' && method === 'GET') return send(response, 200, { received, misses, missCount, faults: faults.list() });
    if (action === 'faults' && method === 'POST') {
      try {
        const { upstream, fault, times } = JSON.parse(body) as { upstream: UpstreamId; fault: string; times?: number };
        if (!UPSTREAM_IDS.includes(upstream)) throw new Error(`unknown upstream ${upstream}`);
        faults.inject(upstream, parseFault(fault), times);
        return send(response, 204);
      } catch (error) {
        return send(response, 400, { replay: String(error) });
      }
    }
    if (action === 'faults' && method === 'DELETE') {
      faults.clear((url.searchParams.get('upstream') as UpstreamId | null) ?? undefined);
      return send(response, 204);
    }
    return send(response, 404, { replay: `no control action ${method} ${action}` });
  };

  const sockets = new Set<Socket>();
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const wss = new WebSocketServer({ noServer: true });
  http.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://replay').pathname !== '/xrpl') return socket.destroy();
    // A refused upgrade is how an overloaded WebSocket server answers 5xx.
    const fault = faults.peek('xrpl');
    if (fault?.kind === 'status') {
      faults.take('xrpl');
      socket.end(`HTTP/1.1 ${fault.status} Replay Fault\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => serveXrpl(ws));
  });

  const serveXrpl = (ws: WebSocket) => {
    ws.on('message', async (data) => {
      received.xrpl += 1;
      const fault = faults.take('xrpl');
      if (fault?.kind === 'hang') return;
      if (fault?.kind === 'latency') await delay(fault.ms);
      // rippled drops a client over its limit with 1008 "threshold exceeded" (rate-limiting docs).
      if (fault?.kind === 'status') return ws.close(1008, 'threshold exceeded');
      if (fault?.kind === 'malformed') return ws.send('{"id":');
      let request: Record<string, unknown>;
      try {
        request = JSON.parse(String(data)) as Record<string, unknown>;
      } catch {
        return ws.send(JSON.stringify({ status: 'error', type: 'response', error: 'invalidParams' }));
      }
      const recorded = exchanges.xrpl?.protocol === 'websocket' ? answerXrpl(exchanges.xrpl.exchanges as never, request) : undefined;
      if (!recorded) {
        miss('xrpl', JSON.stringify(request));
        return ws.send(JSON.stringify({ id: request.id, status: 'error', type: 'response', error: 'unknownCmd', error_message: 'replay: no recorded exchange', request }));
      }
      const answer = fault?.kind === 'wrongChain' ? WRONG_CHAIN.xrpl!({ command: request.command }, recorded) : recorded;
      ws.send(JSON.stringify(answer));
    });
  };

  await new Promise<void>((resolve) => http.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port, address } = http.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const base = `http://${host}:${port}`;
  const endpoints = Object.fromEntries(
    UPSTREAM_IDS.map((id) => [id, ENDPOINTS[id].protocol === 'websocket' ? `ws://${host}:${port}/${id}` : `${base}/${id}`]),
  ) as EndpointUrls;

  return {
    url: base,
    endpoints,
    faults,
    received,
    misses,
    missCount: () => missCount,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const client of wss.clients) client.terminate();
      wss.close();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        // Hung responses hold their sockets open on purpose; end them here.
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

interface HttpAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  text?: string;
}

/** The answer to an HTTP request of `upstream`, from the recordings (a fault's rewrite applied). */
function answerHttp(
  exchanges: ExchangesByUpstream,
  upstream: UpstreamId,
  method: string,
  path: string,
  query: URLSearchParams,
  body: string,
  fault: Fault | undefined,
  miss: (upstream: UpstreamId, request: string) => void,
): HttpAnswer {
  const recorded = exchanges[upstream];
  const rewrite = fault?.kind === 'wrongChain' ? WRONG_CHAIN[upstream] : undefined;
  const protocol = ENDPOINTS[upstream].protocol;
  if (protocol === 'rest') {
    const answer = recorded?.protocol === 'rest' ? answerRest(recorded.exchanges as never, method, path, query) : undefined;
    if (!answer) {
      miss(upstream, `${method} ${path}${query.size ? `?${query}` : ''}`);
      return { status: 404, body: { replay: `no recorded exchange for ${method} ${path}` } };
    }
    if (answer.text !== undefined) return { status: answer.status, ...(answer.headers && { headers: answer.headers }), text: answer.text };
    const json = rewrite ? rewrite({ path }, answer.body as Record<string, unknown>) : answer.body;
    return { status: answer.status, ...(answer.headers && { headers: answer.headers }), body: json };
  }
  if (method !== 'POST') return { status: 405, body: { replay: `${protocol} upstreams take POST` } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { status: 400, body: { replay: 'the request body is not JSON' } };
  }
  if (protocol === 'graphql') {
    const answer = recorded?.protocol === 'graphql' ? answerGraphql(recorded.exchanges as never, parsed as object) : undefined;
    if (!answer) {
      miss(upstream, body);
      return { status: 404, body: { errors: [{ message: 'replay: no recorded exchange for this query and variables' }] } };
    }
    return { status: 200, body: answer };
  }
  const answerCall = (call: JsonRpcCall) => {
    const answer = recorded?.protocol === 'json-rpc' ? answerJsonRpcCall(recorded.exchanges as never, call) : undefined;
    if (!answer) {
      miss(upstream, JSON.stringify(call));
      // JSON-RPC's own "method not found", so a client fails the call the way it would live.
      return { jsonrpc: '2.0', id: call.id ?? null, error: { code: -32601, message: `replay: no recorded exchange for ${String(call.method)}` } };
    }
    return rewrite ? rewrite({ method: call.method }, answer) : answer;
  };
  return { status: 200, body: Array.isArray(parsed) ? parsed.map((call) => answerCall(call as JsonRpcCall)) : answerCall(parsed as JsonRpcCall) };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', ...headers, 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function sendText(response: ServerResponse, status: number, text: string, contentType = 'text/plain; charset=utf-8') {
  response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
