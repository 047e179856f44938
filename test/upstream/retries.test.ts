import { createPublicClient } from 'viem';
import { mainnet } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { backoffDelayMs, retryAfterMs } from '../../shared/upstream/callPolicy.js';
import { ethereumTransport } from '../../shared/upstream/clients/ethereumTransport.js';
import { graphqlQuery } from '../../shared/upstream/clients/graphqlQuery.js';
import { classifyRequest, isIdempotentRead, isXrplRead } from '../../shared/upstream/isIdempotentRead.js';
import type { FetchFn } from '../../shared/upstream/upstreamFetch.js';
import { createUpstreams, withPolicy } from '../../shared/upstream/upstreams.js';
import { COUNTING_POLICY, TEST_POLICY, useReplay } from './replayHarness.js';

const replay = useReplay();
const rpc = (method: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] });

describe('which requests are idempotent reads', () => {
  it('takes GET on REST upstreams and refuses POST', () => {
    expect(isIdempotentRead('cosmosRest', 'rest', { method: 'GET' })).toBe(true);
    expect(isIdempotentRead('cosmosRest', 'rest', { method: 'POST', body: '{}' })).toBe(false);
  });

  it('takes JSON-RPC reads and refuses writes, also inside a batch', () => {
    expect(isIdempotentRead('ethereum', 'json-rpc', { method: 'POST', body: rpc('eth_call') })).toBe(true);
    expect(isIdempotentRead('ethereum', 'json-rpc', { method: 'POST', body: rpc('eth_sendRawTransaction') })).toBe(false);
    const batch = `[${rpc('eth_blockNumber')},${rpc('eth_sendRawTransaction')}]`;
    expect(isIdempotentRead('ethereum', 'json-rpc', { method: 'POST', body: batch })).toBe(false);
    expect(isIdempotentRead('solana', 'json-rpc', { method: 'POST', body: rpc('sendTransaction') })).toBe(false);
    expect(isIdempotentRead('cosmosRpc', 'json-rpc', { method: 'POST', body: rpc('broadcast_tx_sync') })).toBe(false);
    expect(isIdempotentRead('cosmosRpc', 'json-rpc', { method: 'POST', body: rpc('abci_query') })).toBe(true);
  });

  it('treats an unknown method, or a body that is not JSON-RPC, as a write', () => {
    expect(isIdempotentRead('ethereum', 'json-rpc', { method: 'POST', body: rpc('eth_somethingNew') })).toBe(false);
    expect(isIdempotentRead('ethereum', 'json-rpc', { method: 'POST', body: 'not json' })).toBe(false);
  });

  it('takes GraphQL queries and refuses mutations', () => {
    expect(isIdempotentRead('snapshot', 'graphql', { method: 'POST', body: JSON.stringify({ query: 'query Q { space(id: "x") { id } }' }) })).toBe(true);
    expect(isIdempotentRead('snapshot', 'graphql', { method: 'POST', body: JSON.stringify({ query: '{ proposals { id } }' }) })).toBe(true);
    expect(isIdempotentRead('snapshot', 'graphql', { method: 'POST', body: JSON.stringify({ query: 'mutation M { vote }' }) })).toBe(false);
  });

  it('counts the calls a body carries: a JSON-RPC batch its length, anything else one', () => {
    const batch = `[${rpc('eth_chainId')},${rpc('eth_call')},${rpc('eth_getLogs')}]`;
    expect(classifyRequest('ethereum', 'json-rpc', { method: 'POST', body: batch })).toEqual({ idempotent: true, calls: 3 });
    expect(classifyRequest('ethereum', 'json-rpc', { method: 'POST', body: 'not json' })).toEqual({ idempotent: false, calls: 1 });
    expect(classifyRequest('snapshot', 'graphql', { method: 'POST', body: JSON.stringify({ query: '{ proposals { id } }' }) })).toEqual({ idempotent: true, calls: 1 });
    expect(classifyRequest('cosmosRest', 'rest', { method: 'GET' })).toEqual({ idempotent: true, calls: 1 });
  });

  it('takes XRPL reads and refuses submit', () => {
    expect(isXrplRead('account_info')).toBe(true);
    expect(isXrplRead('submit')).toBe(false);
  });
});

describe('retries against a failing upstream', () => {
  it('resends a read but never a write', async () => {
    replay.server.faults.inject('ethereum', { kind: 'status', status: 503 });
    const upstreams = replay.upstreams();
    const client = createPublicClient({ chain: mainnet, transport: ethereumTransport(upstreams.ethereum) });
    await expect(client.request({ method: 'eth_sendRawTransaction', params: ['0x02'] })).rejects.toThrow();
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(1);
    await expect(client.getBlockNumber()).rejects.toThrow();
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(1 + COUNTING_POLICY.retries + 1);
  });

  it('resends a GraphQL query but not a mutation', async () => {
    replay.server.faults.inject('snapshot', { kind: 'status', status: 500 });
    const upstreams = replay.upstreams();
    await expect(graphqlQuery(upstreams.snapshot, { query: 'mutation { follow }' })).rejects.toMatchObject({ code: 'upstream_status' });
    expect(upstreams.counter.snapshot().snapshot.requests).toBe(1);
    await expect(graphqlQuery(upstreams.snapshot, { query: '{ proposals { id } }' })).rejects.toMatchObject({ code: 'upstream_status' });
    expect(upstreams.counter.snapshot().snapshot.requests).toBe(1 + COUNTING_POLICY.retries + 1);
  });

  it('does not retry a status a retry cannot cure', async () => {
    replay.server.faults.inject('cosmosRest', { kind: 'status', status: 400 });
    const upstreams = replay.upstreams();
    const { getJson } = await import('../../shared/upstream/clients/getJson.js');
    await expect(getJson(upstreams.cosmosRest, '/cosmos/base/tendermint/v1beta1/node_info')).rejects.toMatchObject({ code: 'upstream_status' });
    expect(upstreams.counter.snapshot().cosmosRest.requests).toBe(1);
  });
});

describe('backoff', () => {
  it('doubles per retry up to its ceiling, less the jitter drawn', () => {
    const policy = { ...TEST_POLICY, backoffBaseMs: 100, backoffMaxMs: 300, jitter: 0.5 };
    expect([1, 2, 3, 4].map((retry) => backoffDelayMs(retry, policy, () => 0))).toEqual([100, 200, 300, 300]);
    expect(backoffDelayMs(2, policy, () => 1)).toBe(100);
  });

  it('reads Retry-After in seconds and as a date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs(null)).toBeUndefined();
  });
});

describe('withPolicy (a caller tightening an upstream’s deadline)', () => {
  it('keeps the upstream’s injected network and counter, with the new deadline', async () => {
    const seen: string[] = [];
    // An injected network that never answers: only the tighter deadline ends the call.
    const network: FetchFn = (input, init) => {
      seen.push(String(input));
      return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    };
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://injected.invalid/' }, fetch: network, policy: { ...TEST_POLICY, deadlineMs: 60_000, retries: 0 }, env: {} });
    const capped = withPolicy(upstreams.ethereum, { deadlineMs: 50 });
    await expect(capped.fetch(capped.url, { method: 'POST', body: rpc('eth_chainId') })).rejects.toMatchObject({ code: 'upstream_timeout' });
    expect(seen).toEqual(['http://injected.invalid/']);
    expect(upstreams.counter.snapshot().ethereum).toMatchObject({ requests: 1, failures: 1 });
  });
});
