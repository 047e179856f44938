import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got, as it arrived. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  atMs: number;
}

/** How the receiver answers one request: a status, headers and a body (a function of the request, for the handshake's echo). */
export type Answer = { status: number; headers?: Record<string, string>; body?: string };

export interface LoopbackReceiver {
  url: string;
  received: Received[];
  /** Sets how the next requests are answered, in turn; the last answer repeats. Default: echo a challenge, else 204. */
  answer(...answers: (Answer | ((request: Received) => Answer))[]): void;
  /** Resolves once `count` requests have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** The receiver's default: echo data.challenge as Standard Webhooks' handshake asks, else 204. */
export const echoChallenge = (request: Received): Answer => {
  const challenge = (JSON.parse(request.body) as { data?: { challenge?: string } }).data?.challenge;
  return challenge === undefined ? { status: 204 } : { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ challenge }) };
};

/**
 * A real HTTP receiver on 127.0.0.1 (allowed only under WEBHOOK_ALLOW_LOOPBACK): it keeps every
 * request it gets and answers as the test says.
 */
export async function startReceiver(): Promise<LoopbackReceiver> {
  const received: Received[] = [];
  let answers: (Answer | ((request: Received) => Answer))[] = [echoChallenge];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: Received = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), atMs: Date.now() };
      received.push(entry);
      const next = answers.length > 1 ? answers.shift()! : answers[0]!;
      const answer = typeof next === 'function' ? next(entry) : next;
      response.writeHead(answer.status, answer.headers ?? {});
      response.end(answer.body ?? '');
      for (const waiter of waiters.filter((candidate) => received.length >= candidate.count)) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer: (...next) => {
      answers = next;
    },
    waitFor: (count, timeoutMs = 10_000) =>
      received.length >= count
        ? Promise.resolve(received.slice())
        : new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`receiver got ${received.length} of ${count} requests within ${timeoutMs} ms`)), timeoutMs);
            waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(received.slice())) });
          }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
