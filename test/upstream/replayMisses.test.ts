import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_KEPT_MISSES, MISS_REQUEST_CHARS, type ReplayServer, startReplayServer } from '../../shared/upstream/replay/replayServer.js';

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer({ fixtures: [] });
});
afterAll(async () => {
  await server?.close();
});

/** An eth_call no recording answers, with a large calldata (SYNTHETIC): each one is a miss. */
const unrecordedCall = (id: number) =>
  fetch(server.endpoints.ethereum, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_call', params: [{ to: '0x0000000000000000000000000000000000000001', data: `0x${'ab'.repeat(5_000)}` }, 'latest'] }),
  }).then((response) => response.json());

describe('the replay server\'s miss log', () => {
  it('keeps only the latest misses, each cut short, and counts them all', async () => {
    const total = MAX_KEPT_MISSES * 2 + 50;
    for (let id = 0; id < total; id += 10) await Promise.all(Array.from({ length: 10 }, (_, offset) => unrecordedCall(id + offset)));
    expect(server.missCount()).toBe(total);
    expect(server.misses).toHaveLength(MAX_KEPT_MISSES);
    expect(server.misses.every((miss) => miss.upstream === 'ethereum' && miss.request.length <= MISS_REQUEST_CHARS)).toBe(true);
    // The oldest went first: the batch of the last ten ids is among those kept.
    const kept = server.misses.map((miss) => Number(/"id":(\d+)/.exec(miss.request)?.[1]));
    expect(Math.min(...kept)).toBeGreaterThanOrEqual(total - MAX_KEPT_MISSES - 10);
    expect(kept).toContain(total - 1);
    const stats = (await (await fetch(`${server.url}/__replay/stats`)).json()) as { missCount: number; misses: unknown[] };
    expect(stats).toMatchObject({ missCount: total });
    expect(stats.misses).toHaveLength(MAX_KEPT_MISSES);
  });
});
