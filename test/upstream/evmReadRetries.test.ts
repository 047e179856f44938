import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicClient } from 'viem';
import { mainnet } from 'viem/chains';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ethereumTransport } from '../../shared/upstream/clients/ethereumTransport.js';
import { postJsonRpc } from '../../shared/upstream/clients/postJsonRpc.js';
import { ENDPOINTS, OTHER_EVM_CHAINS, UPSTREAM_IDS, type UpstreamId } from '../../shared/upstream/endpoints.js';
import { classifyRequest } from '../../shared/upstream/isIdempotentRead.js';
import { WRONG_CHAIN } from '../../shared/upstream/replay/faults.js';
import type { FixtureFile } from '../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { COUNTING_POLICY, TEST_POLICY } from './replayHarness.js';

/*
 * Every EVM upstream retries its reads as Ethereum does, and never a write (isIdempotentRead.ts:
 * the endpoint table marks an upstream `evm`, and the read allow-list follows the mark). Before
 * this, only ethereum had the list: an eth_call to Base that met one 503 failed the chain.
 */

/** The EVM upstreams, as the endpoint table marks them. */
const EVM_UPSTREAMS = UPSTREAM_IDS.filter((id) => ENDPOINTS[id].evm);
/** The JSON-RPC upstreams that speak another dialect, each with the call it checks its chain by. */
const OTHER_DIALECTS: Partial<Record<UpstreamId, string>> = { solana: 'getGenesisHash', cosmosRpc: 'status' };

const call = (method: string, params: unknown[] = [], id = 1) => ({ jsonrpc: '2.0', id, method, params });
const isRead = (id: UpstreamId, ...methods: string[]) =>
  classifyRequest(id, ENDPOINTS[id].protocol, { method: 'POST', body: JSON.stringify(methods.length === 1 ? call(methods[0]!) : methods.map((method, index) => call(method, [], index))) }).idempotent;

describe('which upstreams are EVM (the endpoint table, checked against what else knows it)', () => {
  it('marks Ethereum and every other EVM chain of the table', () => {
    expect(EVM_UPSTREAMS).toContain('ethereum');
    expect(EVM_UPSTREAMS).toEqual(expect.arrayContaining([...OTHER_EVM_CHAINS]));
  });

  it('marks exactly the upstreams whose chain identity is eth_chainId (the replay server’s wrong-chain rewrites)', () => {
    const answer = { jsonrpc: '2.0', result: '0xdead' };
    const identifiedByChainId = UPSTREAM_IDS.filter((id) => {
      const rewrite = WRONG_CHAIN[id];
      return rewrite !== undefined && rewrite({ method: 'eth_chainId' }, answer) !== answer;
    });
    expect(identifiedByChainId).toEqual(EVM_UPSTREAMS);
  });

  it('leaves no JSON-RPC upstream without a read list: each is EVM or a dialect with its own', () => {
    const jsonRpc = UPSTREAM_IDS.filter((id) => ENDPOINTS[id].protocol === 'json-rpc');
    const unlisted = jsonRpc.filter((id) => !ENDPOINTS[id].evm && OTHER_DIALECTS[id] === undefined);
    expect(unlisted).toEqual([]);
    // Each one's chain check, the first call of every read, is itself a read.
    for (const id of jsonRpc) expect(isRead(id, OTHER_DIALECTS[id] ?? 'eth_chainId'), id).toBe(true);
  });
});

describe.each(EVM_UPSTREAMS)('on %s', (id) => {
  it('takes eth_call, eth_getLogs, eth_chainId and the other reads as idempotent, alone or batched', () => {
    for (const method of ['eth_call', 'eth_getLogs', 'eth_chainId', 'eth_blockNumber', 'eth_getBlockByNumber', 'eth_getBalance', 'net_version']) expect(isRead(id, method), method).toBe(true);
    // The reader's request: the chain check and one aggregate3.
    expect(isRead(id, 'eth_chainId', 'eth_call')).toBe(true);
  });

  it('treats a write, an unknown method, or a batch holding either, as a write', () => {
    for (const method of ['eth_sendRawTransaction', 'eth_sendTransaction', 'eth_sign', 'personal_sign', 'eth_somethingNew']) expect(isRead(id, method), method).toBe(false);
    expect(isRead(id, 'eth_chainId', 'eth_sendRawTransaction')).toBe(false);
  });
});

/* ---- over HTTP, through the reader's POST (node:http) and through viem's transport ---------- */

const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
const AGGREGATE3 = call('eth_call', [{ to: MULTICALL3, data: '0x82ad56cb' }, 'latest'], 2);
/** SYNTHETIC: one reader-shaped batch per EVM upstream (its chain check and an aggregate3), answered with made-up words. */
const CHAIN_ID = '0x2105';
const RESULT = `0x${'00'.repeat(31)}2a`;
const fixtures: FixtureFile[] = EVM_UPSTREAMS.map((upstream) => ({
  protocol: 'json-rpc',
  upstream,
  description: `SYNTHETIC: ${upstream} answers the reader's chain check and one aggregate3 (evmReadRetries.test.ts)`,
  source: { kind: 'encoded', references: ['synthetic, made up in test/upstream/evmReadRetries.test.ts: only the retries are under test'] },
  exchanges: [
    { request: { method: 'eth_chainId', params: [] }, response: { jsonrpc: '2.0', result: CHAIN_ID } },
    { request: { method: 'eth_call', params: AGGREGATE3.params }, response: { jsonrpc: '2.0', result: RESULT } },
    { request: { method: 'eth_blockNumber', params: [] }, response: { jsonrpc: '2.0', result: '0x1406f40' } },
  ],
}));
const READ_BATCH = JSON.stringify([call('eth_chainId'), AGGREGATE3]);
const WRITE = JSON.stringify(call('eth_sendRawTransaction', ['0x02']));

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer({ fixtures });
});
afterAll(async () => server?.close());
afterEach(() => server.faults.clear());
// Its tests count requests: COUNTING_POLICY, so a late answer on a loaded machine is not retried; the hang passes TEST_POLICY.
const upstreams = (policy = COUNTING_POLICY) => createUpstreams({ endpoints: server.endpoints, policy, env: {} });

describe('a read that fails once, then is answered', () => {
  it.each(EVM_UPSTREAMS)('on %s: a 503 is retried once and the batch answered, 2 requests for its 2 calls', async (id) => {
    server.faults.inject(id, { kind: 'status', status: 503 }, 1);
    const counted = upstreams();
    const answer = await postJsonRpc(counted[id], READ_BATCH, ['eth_chainId', 'eth_call']);
    expect(answer).toEqual([
      { jsonrpc: '2.0', id: 1, result: CHAIN_ID },
      { jsonrpc: '2.0', id: 2, result: RESULT },
    ]);
    expect(counted.counter.snapshot()[id]).toEqual({ requests: 2, retries: 1, calls: 2, failures: 0 });
  });

  it('on base: an attempt past its per-call deadline is retried, and the second answers', async () => {
    server.faults.inject('base', { kind: 'hang' }, 1);
    const counted = upstreams(TEST_POLICY);
    await expect(postJsonRpc(counted.base, READ_BATCH, ['eth_chainId', 'eth_call'])).resolves.toHaveLength(2);
    expect(counted.counter.snapshot().base).toEqual({ requests: 2, retries: 1, calls: 2, failures: 0 });
  });

  it('on base through viem’s transport (upstreamFetch): a 503 is retried once and the block number read', async () => {
    server.faults.inject('base', { kind: 'status', status: 503 }, 1);
    const counted = upstreams();
    const client = createPublicClient({ chain: mainnet, transport: ethereumTransport(counted.base) });
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(21_000_000n);
    expect(counted.counter.snapshot().base).toMatchObject({ requests: 2, retries: 1, failures: 0 });
  });
});

describe('a connection dropped once by the server', () => {
  let dropping: Server;
  let url: string;
  let seen = 0;
  beforeAll(async () => {
    // A real HTTP server that closes the first connection before answering, then answers as a node would.
    dropping = createServer((request, response) => {
      seen += 1;
      if (seen === 1) return request.socket.destroy();
      request.resume().on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ jsonrpc: '2.0', id: 1, result: CHAIN_ID }])));
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => dropping.close(() => resolve())));

  it('is retried on base, and the read answered', async () => {
    const counted = createUpstreams({ endpoints: { base: url }, policy: COUNTING_POLICY, env: {} });
    expect(await postJsonRpc(counted.base, JSON.stringify([call('eth_chainId')]), ['eth_chainId'])).toEqual([{ jsonrpc: '2.0', id: 1, result: CHAIN_ID }]);
    expect(seen).toBe(2);
    expect(counted.counter.snapshot().base).toEqual({ requests: 2, retries: 1, calls: 1, failures: 0 });
  });
});

describe('a read that keeps failing', () => {
  it.each(['arbitrum', 'base', 'optimism'] as const)('on %s: is tried 1 + retries times, then fails with upstream_status', async (id) => {
    server.faults.inject(id, { kind: 'status', status: 503 });
    const counted = upstreams();
    await expect(postJsonRpc(counted[id], READ_BATCH, ['eth_chainId', 'eth_call'])).rejects.toMatchObject({ code: 'upstream_status', upstream: id });
    expect(counted.counter.snapshot()[id]).toEqual({ requests: COUNTING_POLICY.retries + 1, retries: COUNTING_POLICY.retries, calls: 2, failures: 1 });
  });
});

describe('a write', () => {
  it.each(EVM_UPSTREAMS)('on %s: eth_sendRawTransaction is sent once, never again after a 503', async (id) => {
    server.faults.inject(id, { kind: 'status', status: 503 });
    const counted = upstreams();
    await expect(postJsonRpc(counted[id], WRITE, ['eth_sendRawTransaction'])).rejects.toMatchObject({ code: 'upstream_status' });
    expect(counted.counter.snapshot()[id]).toEqual({ requests: 1, retries: 0, calls: 1, failures: 1 });
  });

  it('on base through viem’s transport: sent once, never again after a 503', async () => {
    server.faults.inject('base', { kind: 'status', status: 503 });
    const counted = upstreams();
    const client = createPublicClient({ chain: mainnet, transport: ethereumTransport(counted.base) });
    await expect(client.request({ method: 'eth_sendRawTransaction', params: ['0x02'] })).rejects.toThrow();
    expect(counted.counter.snapshot().base).toMatchObject({ requests: 1, retries: 0, failures: 1 });
  });
});
