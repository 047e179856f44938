import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { awsServices } from '../../shared/runtime/awsServices.js';

// A server that accepts connections and never answers: a hung DynamoDB or S3, which no mock can
// stand for, because what is tested is the clients' own timeouts as awsServices builds them.
let silent: Server;
const sockets = new Set<Socket>();
let endpoint = '';
beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

const hung = () =>
  awsServices({
    env: { TABLE_NAME: 'govex-table', BUCKET_NAME: 'govex-bucket', DYNAMODB_ENDPOINT: endpoint, S3_ENDPOINT: endpoint, RATE_LIMIT_SECRET: 'a-test-secret-of-enough-length' },
  });
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const outcome = await work().then((value) => ({ value }), (error: unknown) => ({ error }));
  return { ...outcome, seconds: (performance.now() - started) / 1000 };
};

describe('when the stores hang', () => {
  it('gives up on DynamoDB after two short attempts: the limiter can fail open, the cache miss', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { limiter, scanCache } = hung();
    const [consume, read] = await Promise.all([
      timed(() => limiter.consume('0123456789abcdef0123456789abcdef', Date.now())),
      timed(() => scanCache.get('evm:0xde30000000000000000000000000000000000001:*', Date.now())),
    ]);
    // Two attempts of 0.5 s and a backoff; without the client timeouts both would hang for good.
    expect(consume).toMatchObject({ error: expect.objectContaining({ name: 'TimeoutError' }) });
    expect(read).toEqual({ value: undefined, seconds: read.seconds });
    expect(Math.max(consume.seconds, read.seconds)).toBeLessThan(3);
  });

  it('gives up on S3 within its timeouts and answers 502, not a hang', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { feedStore } = hung();
    const read = await timed(() => feedStore.read());
    expect(read).toMatchObject({ error: expect.objectContaining({ code: 'upstream_unavailable' }) });
    // Two attempts of 1 s (S3's first byte takes tens of milliseconds) and a backoff.
    expect(read.seconds).toBeLessThan(4);
  });
});
