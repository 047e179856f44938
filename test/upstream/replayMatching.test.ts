import { describe, expect, it } from 'vitest';
import { endpointsFromEnv } from '../../shared/upstream/endpoints.js';
import { FaultBook, parseFaultSpec } from '../../shared/upstream/replay/faults.js';
import { loadFixtures, parseFixtureFile } from '../../shared/upstream/replay/fixtureFormat.js';
import { answerGraphql, answerJsonRpcCall, answerRest, answerXrpl } from '../../shared/upstream/replay/matchExchange.js';

describe('matching a request to a recording', () => {
  const rpc = [{ request: { method: 'getSlot', params: [{ commitment: 'confirmed' }] }, response: { jsonrpc: '2.0' as const, result: 7 } }];

  it('matches JSON-RPC by method and params, echoing the id', () => {
    expect(answerJsonRpcCall(rpc, { id: 'a', method: 'getSlot', params: [{ commitment: 'confirmed' }] })).toEqual({ jsonrpc: '2.0', result: 7, id: 'a' });
    expect(answerJsonRpcCall(rpc, { id: 1, method: 'getSlot', params: [{ commitment: 'finalized' }] })).toBeUndefined();
  });

  it('treats absent, empty-array and empty-object params alike', () => {
    const chain = [{ request: { method: 'eth_chainId' }, response: { jsonrpc: '2.0' as const, result: '0x1' } }];
    for (const params of [undefined, [], {}]) expect(answerJsonRpcCall(chain, { id: 1, method: 'eth_chainId', params })).toBeDefined();
  });

  it('matches GraphQL by operation name and variables in any key order', () => {
    const exchanges = [{ request: { operationName: 'P', variables: { a: 1, b: [2] } }, response: { data: { ok: true } } }];
    expect(answerGraphql(exchanges, { operationName: 'P', query: 'query P { x }', variables: { b: [2], a: 1 } })).toEqual({ data: { ok: true } });
    expect(answerGraphql(exchanges, { operationName: 'P', variables: { a: 2, b: [2] } })).toBeUndefined();
  });

  it('matches REST by path and query, whatever the order of the parameters', () => {
    const exchanges = [{ request: { method: 'GET' as const, path: '/p', query: { a: '1', b: ['x', 'y'] } }, response: { status: 200, body: {} } }];
    expect(answerRest(exchanges, 'GET', '/p', new URLSearchParams('b=y&a=1&b=x'))).toBeDefined();
    expect(answerRest(exchanges, 'GET', '/p', new URLSearchParams('a=1'))).toBeUndefined();
  });

  it('matches XRPL by command and fields, ignoring the id and api_version xrpl.js adds', () => {
    const exchanges = [{ request: { command: 'account_info', account: 'rA' }, response: { status: 'success', type: 'response', result: {} } }];
    expect(answerXrpl(exchanges, { id: 3, command: 'account_info', account: 'rA', api_version: 2 })).toMatchObject({ id: 3, status: 'success' });
    expect(answerXrpl(exchanges, { id: 3, command: 'account_info', account: 'rB' })).toBeUndefined();
  });
});

describe('fixture files', () => {
  it('all parse, and each states where it came from', async () => {
    const files = await loadFixtures();
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const file of files) expect(file.source.references.length).toBeGreaterThan(0);
  });

  it('are refused when their protocol is not their upstream’s', () => {
    const file = { upstream: 'xrpl', protocol: 'json-rpc', description: '', source: { kind: 'published', references: ['x'] }, exchanges: [{ request: { method: 'm' }, response: { jsonrpc: '2.0' } }] };
    expect(() => parseFixtureFile(file, 'bad.json')).toThrow(/websocket/);
  });
});

describe('fault injection settings', () => {
  it('reads UPSTREAM_FAULTS', () => {
    expect(parseFaultSpec('ethereum=latency:800, solana=status:503,xrpl=hang,cosmosRpc=wrongChain,ipfs=malformed')).toEqual([
      ['ethereum', { kind: 'latency', ms: 800 }],
      ['solana', { kind: 'status', status: 503 }],
      ['xrpl', { kind: 'hang' }],
      ['cosmosRpc', { kind: 'wrongChain' }],
      ['ipfs', { kind: 'malformed' }],
    ]);
    expect(() => parseFaultSpec('moon=hang')).toThrow();
    expect(() => parseFaultSpec('ethereum=slow')).toThrow();
  });

  it('plays a counted fault only that many times', () => {
    const book = new FaultBook();
    book.inject('solana', { kind: 'hang' }, 2);
    expect([book.take('solana'), book.take('solana'), book.take('solana')].map((fault) => fault?.kind)).toEqual(['hang', 'hang', undefined]);
  });

  it('refuses a wrong chain where there is no chain', () => {
    expect(() => new FaultBook().inject('snapshot', { kind: 'wrongChain' })).toThrow();
  });
});

describe('endpoints from the environment', () => {
  it('takes overrides and keeps the defaults otherwise', () => {
    const urls = endpointsFromEnv({ SOLANA_RPC_URL: 'http://127.0.0.1:8899/' });
    expect(urls.solana).toBe('http://127.0.0.1:8899');
    expect(urls.xrpl).toBe('wss://xrplcluster.com');
  });

  it('refuses a URL of the wrong scheme', () => {
    expect(() => endpointsFromEnv({ XRPL_WS_URL: 'https://s1.ripple.com' })).toThrow(/XRPL_WS_URL/);
    expect(() => endpointsFromEnv({ ETH_RPC_URL: 'not a url' })).toThrow(/ETH_RPC_URL/);
  });
});
