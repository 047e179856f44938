import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEMO_WALLETS } from '../../shared/demo/wallets.js';
import { testServices } from '../support/services.js';
import { useServer } from '../support/server.js';

/*
 * The bounded load test (issue 12): loopback only, a fixed number of requests, a time bound, and
 * it stops by itself. Clients are told apart by their source address, so each "client" sends from
 * its own address in 127.0.0.0/8 (the limiter keys on the TCP peer, never on a header).
 */
const QUOTA = 30;
const server = useServer(() => testServices({ quota: QUOTA }));

interface Answer {
  status: number;
  retryAfter?: string;
  hasEnvelope: boolean;
}

/** One GET from `from`, on its own connection. */
function get(path: string, from: string): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const call = request({ host: hostname, port, path, localAddress: from, agent: false, headers: { connection: 'close' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => {
        const parsed = (() => {
          try {
            return JSON.parse(body) as Record<string, unknown>;
          } catch {
            return undefined;
          }
        })();
        resolve({ status: response.statusCode!, ...(response.headers['retry-after'] && { retryAfter: String(response.headers['retry-after']) }), hasEnvelope: (response.statusCode ?? 0) < 400 || Boolean(parsed?.code && parsed?.error && parsed?.hint) });
      });
    });
    call.setTimeout(10_000, () => call.destroy(new Error(`no answer to ${path} from ${from} in 10 s`)));
    call.on('error', reject);
    call.end();
  });
}

const ROUTES = [
  ...DEMO_WALLETS.map((wallet) => `/api/scan/${wallet.address}`),
  ...DEMO_WALLETS.map((wallet) => `/api/positions/${wallet.address}`),
  `/api/proposals?address=${DEMO_WALLETS[0]!.address}`,
  `/api/proposals/aave-demo-2?address=${DEMO_WALLETS[0]!.address}`,
  '/api/health',
  '/api',
];

describe('load', () => {
  it('serves exactly the quota to one client sending 100 at once, and 429 with Retry-After ≥ 1 s to the rest', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => get(ROUTES[index % 9]!, '127.0.0.2')));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(QUOTA);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(100 - QUOTA);
    for (const answer of refused) expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
  });

  it('answers mixed routes from many clients at once with no error but 429, and memory stays flat', async () => {
    const clients = Array.from({ length: 40 }, (_, index) => `127.0.${1 + Math.floor(index / 200)}.${10 + (index % 200)}`);
    const round = () => Promise.all(clients.flatMap((from, index) => Array.from({ length: 20 }, (_, request) => get(ROUTES[(index + request) % ROUTES.length]!, from))));
    const deadline = Date.now() + 60_000;
    const first = await round();
    global.gc?.();
    const heapAfterFirst = process.memoryUsage().heapUsed;
    const rounds = [first];
    // Every client keeps under the quota in a round; rounds repeat until the time bound (at most 4 in all).
    while (rounds.length < 4 && Date.now() < deadline - 15_000) rounds.push(await round());
    const all = rounds.flat();
    expect(all.filter((answer) => answer.status !== 200 && answer.status !== 429)).toEqual([]);
    expect(all.every((answer) => answer.hasEnvelope)).toBe(true);
    // The first round is all within every client's quota of 30 (20 each; health and the catalog are not counted).
    expect(first.every((answer) => answer.status === 200)).toBe(true);
    global.gc?.();
    // Flat: the heap after later rounds is within 50 MB of the first (caches and counters are bounded).
    expect(process.memoryUsage().heapUsed - heapAfterFirst).toBeLessThan(50 * 1024 * 1024);
  }, 90_000);
});
