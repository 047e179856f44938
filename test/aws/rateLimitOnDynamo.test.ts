import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { awsServices } from '../../shared/runtime/awsServices.js';
import type { Services } from '../../shared/runtime/services.js';
import { type LocalDynamo, startDynalite } from '../support/dynalite.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';

// The contract's policy: 30 requests per client per 60-second sliding window.
const QUOTA = 30;
const WINDOW_MS = 60_000;
let dynamo: LocalDynamo;
let clockMs = 0;
beforeAll(async () => {
  dynamo = await startDynalite();
});
afterAll(() => dynamo?.close());

// The real handler stack through the local server, its limiter counting in dynalite, on a clock
// the tests set, so that where a request falls in its window is known exactly.
const server = useServer((): Services => {
  const { config } = testServices({ quota: QUOTA });
  return {
    ...awsServices({ env: { TABLE_NAME: dynamo.tableName, BUCKET_NAME: 'no-feed-needed' }, config, dynamo: dynamo.client }),
    now: () => new Date(clockMs),
  };
});
const scan = `/api/scan/${demoWallet('evm').address}`;
const burst = async (count: number) => {
  const responses = await Promise.all(Array.from({ length: count }, () => server.get(scan)));
  return { allowed: responses.filter((response) => response.status === 200).length, responses };
};
const at = (windowIndex: number, elapsedSeconds: number) => {
  clockMs = windowIndex * WINDOW_MS + elapsedSeconds * 1000;
};

describe('the rate limiter on DynamoDB, through the handler stack', () => {
  it('allows exactly 30 of 100 concurrent requests from one client', async () => {
    at(29_000_000, 30);
    const { allowed, responses } = await burst(100);
    expect(allowed).toBe(QUOTA);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(100 - QUOTA);
    expect(responses.some((response) => response.status >= 500)).toBe(false);
  });

  it('carries the previous window over the boundary by its remaining weight', async () => {
    at(29_100_000, 59);
    expect((await burst(40)).allowed).toBe(QUOTA);
    // Just past the boundary the previous 30 still weigh 30 × (1 − 0/60) = 30: no room.
    at(29_100_001, 0);
    expect((await burst(10)).allowed).toBe(0);
    // 20 s in they weigh 30 × (1 − 20/60) = 20: room for 10.
    at(29_100_001, 20);
    expect((await burst(25)).allowed).toBe(10);
    // 40 s in they weigh 10, and this window holds 10: room for 10 more.
    at(29_100_001, 40);
    expect((await burst(25)).allowed).toBe(10);
    // In the window after, the 20 of the window before weigh 20 × (1 − 30/60) = 10: room for 20.
    at(29_100_002, 30);
    expect((await burst(25)).allowed).toBe(20);
  });

  it('lets a refused client back in once Retry-After has passed', async () => {
    at(29_200_000, 45);
    await burst(QUOTA);
    // 1 s past the boundary the previous 30 weigh 29.5: refused.
    at(29_200_001, 1);
    const refused = await server.get(scan);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    at(29_200_001, 1 + retryAfter);
    expect((await server.get(scan)).status).toBe(200);
  });
});
