import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startServer } from '../../local/server.js';
import type { ServerLimits } from '../../local/serverLimits.js';
import { testServices } from '../support/services.js';

/** Short limits, so each bound shows in a second rather than in the defaults' tens of seconds. */
const LIMITS: Partial<ServerLimits> = {
  headersTimeoutMs: 600,
  requestTimeoutMs: 900,
  connectionsCheckingIntervalMs: 100,
  maxConnections: 80,
  shedAboveConnections: 40,
  shutdownGraceMs: 500,
};

let local: LocalServer;
beforeAll(async () => {
  local = await startServer({ port: 0, services: testServices(), limits: LIMITS });
});
afterAll(async () => {
  await local?.close();
});

interface Exchange {
  /** Everything the server sent before it closed the socket. */
  text: string;
  /** Milliseconds from connecting to the close. */
  ms: number;
}

/**
 * Connects, lets `talk` write what it likes every `everyMs` (until the socket closes or `maxTicks`
 * ran out: the loop always ends), and resolves with what came back when the server closed.
 */
function exchange(first: string, tick: (socket: Socket) => void, everyMs = 100, maxTicks = 100): Promise<Exchange> {
  const { hostname, port } = new URL(local.url);
  return new Promise((resolve) => {
    const started = Date.now();
    let text = '';
    let ticks = 0;
    const socket = connect(Number(port), hostname, () => socket.write(first));
    const timer = setInterval(() => {
      if (++ticks > maxTicks) {
        clearInterval(timer);
        socket.destroy();
      } else if (socket.writable) tick(socket);
    }, everyMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ text, ms: Date.now() - started });
    });
  });
}

const statusOf = (text: string): number => Number(text.split('\r\n', 1)[0]!.split(' ')[1]);
const bodyOf = (text: string): unknown => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

describe('the local server against slow and idle clients', () => {
  it('cuts a client that trickles its headers (slowloris) at the headers timeout, with 408', async () => {
    const result = await exchange(`GET /api/health HTTP/1.1\r\nHost: localhost\r\n`, (socket) => socket.write(`X-Trickle: ${Date.now()}\r\n`));
    // Left alone, the loop would keep the socket 10 s; the headers timeout and its check interval bound it.
    expect(result.ms).toBeLessThan(3_000);
    expect(statusOf(result.text)).toBe(408);
    expect(result.text).toMatch(/\r\nConnection: close\r\n/i);
    expect(bodyOf(result.text)).toMatchObject({ code: 'invalid_input', error: 'the request was not received in time' });
  });

  it('answers a request whose body is still trickling at once, and closes the connection', async () => {
    // The API reads no body: waiting for it would let the body hold the socket (Node's default: 300 s).
    const result = await exchange(`POST /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10000\r\n\r\nab`, (socket) => socket.write('a'));
    expect(result.ms).toBeLessThan(LIMITS.requestTimeoutMs!);
    expect(statusOf(result.text)).toBe(405);
    expect(result.text).toMatch(/\r\nConnection: close\r\n/i);
    expect(result.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('answers headers over the size cap 400 in the envelope, saying so', async () => {
    const result = await exchange(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, () => undefined);
    expect(statusOf(result.text)).toBe(400);
    expect(bodyOf(result.text)).toMatchObject({ code: 'invalid_input', error: 'the request line and headers are too large' });
  });

  it('serves a normal client while more idle connections than the shedding limit are held open', async () => {
    const { hostname, port } = new URL(local.url);
    const idle: Socket[] = [];
    try {
      // Twice the hard cap: without shedding, the first 80 would fill it and the client would be dropped.
      for (let index = 0; index < 160; index += 1) {
        const socket = connect(Number(port), hostname);
        socket.on('error', () => undefined);
        if (index % 2 === 0) socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n'); // half of them trickling headers
        idle.push(socket);
      }
      await Promise.all(idle.map((socket) => new Promise((resolve) => (socket.connecting ? socket.once('connect', resolve).once('close', resolve) : resolve(undefined)))));
      const response = await fetch(`${local.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      expect(response.status).toBe(200);
      expect(idle.filter((socket) => !socket.destroyed && !socket.readableEnded).length).toBeLessThanOrEqual(LIMITS.shedAboveConnections!);
    } finally {
      for (const socket of idle) socket.destroy();
    }
  });
});

describe('closing the local server', () => {
  it('ends idle and slow sockets within the shutdown grace', async () => {
    const server = await startServer({ port: 0, services: testServices(), limits: { ...LIMITS, requestTimeoutMs: 60_000, headersTimeoutMs: 60_000 } });
    const { hostname, port } = new URL(server.url);
    const sockets = [
      connect(Number(port), hostname), // silent
      connect(Number(port), hostname, function (this: Socket) {
        this.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n'); // headers never finished
      }),
      connect(Number(port), hostname, function (this: Socket) {
        this.write('POST /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\na'); // a body never finished
      }),
    ];
    // Reading (resume) so that a close from the server is seen: a paused socket never learns of it.
    const closedSockets = Promise.all(sockets.map((socket) => new Promise((resolve) => socket.resume().on('error', () => undefined).once('close', resolve))));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await server.close();
    await closedSockets;
    // Node's server.close() alone waits for these sockets until the 60 s timeouts cut them.
    expect(Date.now() - started).toBeLessThan(LIMITS.shutdownGraceMs! + 1_500);
  });
});
