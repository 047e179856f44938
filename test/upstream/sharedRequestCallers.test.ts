import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jsonRpcBatcher } from '../../shared/upstream/clients/jsonRpcBatcher.js';
import type { FixtureFile } from '../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { TEST_POLICY } from './replayHarness.js';

/*
 * A JSON-RPC batch is shared by every call flushed in its tick, each call by every module whose read
 * joined it: its HTTP request stops (no attempt or retry started, the one under way destroyed) only
 * once every caller has given up, and never while one waits without a signal (postJsonRpc.ts). Over
 * real HTTP to the replay server; Base's eth_chainId and net_version answers are SYNTHETIC, made here.
 */
const fixture: FixtureFile = {
  upstream: 'base',
  protocol: 'json-rpc',
  description: 'SYNTHETIC: Base eth_chainId and net_version, made in test/upstream/sharedRequestCallers.test.ts',
  source: { kind: 'encoded', references: ['test/upstream/sharedRequestCallers.test.ts (SYNTHETIC values)'] },
  exchanges: [
    { request: { method: 'eth_chainId', params: [] }, response: { jsonrpc: '2.0', result: '0x2105' } },
    { request: { method: 'net_version', params: [] }, response: { jsonrpc: '2.0', result: '8453' } },
  ],
} as FixtureFile;

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer({ fixtures: [fixture] });
});
afterAll(async () => server?.close());
afterEach(() => server.faults.clear());

// A first attempt that hangs for its whole deadline, long enough to give up in; a short backoff.
const policy = { ...TEST_POLICY, deadlineMs: 1_000 };
const ATTEMPTS_OVER_MS = (policy.retries + 1) * (policy.deadlineMs + policy.backoffMaxMs);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A batcher on fresh Base upstreams, and the requests the server got from now on. */
function base() {
  const before = server.received.base;
  return { client: jsonRpcBatcher(createUpstreams({ endpoints: server.endpoints, policy, env: {} }).base), received: () => server.received.base - before };
}

describe('a batch two callers share, whose first attempt hangs', () => {
  it('is retried and answered for the caller still waiting after the other gave up', async () => {
    server.faults.inject('base', { kind: 'hang' }, 1);
    const { client, received } = base();
    const giving = new AbortController();
    const given = client.request('eth_chainId', [], [giving.signal]).catch((error: unknown) => error);
    const waiting = client.request('net_version', [], [new AbortController().signal]);
    await wait(100);
    giving.abort();
    expect(await waiting).toBe('8453');
    expect(await given).toBe('0x2105');
    expect(received()).toBe(2);
  });

  it('is retried and answered when the other caller waits without a signal', async () => {
    server.faults.inject('base', { kind: 'hang' }, 1);
    const { client, received } = base();
    const giving = new AbortController();
    const given = client.request('eth_chainId', [], [giving.signal]);
    const unsignalled = client.request('net_version', []);
    await wait(100);
    giving.abort();
    expect(await unsignalled).toBe('8453');
    await given;
    expect(received()).toBe(2);
  });

  it('is destroyed, and never retried, once both have given up', async () => {
    server.faults.inject('base', { kind: 'hang' });
    const { client, received } = base();
    const [one, two] = [new AbortController(), new AbortController()];
    const first = client.request('eth_chainId', [], [one.signal, two.signal]);
    const second = client.request('net_version', [], [two.signal]);
    await wait(100);
    one.abort();
    await wait(50);
    two.abort();
    // Cut by the callers, not by the attempt's deadline (which would say upstream_timeout).
    await expect(first).rejects.toThrow('every caller of the request gave up');
    await expect(second).rejects.toThrow('every caller of the request gave up');
    await wait(ATTEMPTS_OVER_MS);
    expect(received()).toBe(1);
  });

  it('is never sent when every caller gave up before the batch was flushed', async () => {
    const { client, received } = base();
    const gone = new AbortController();
    const request = client.request('eth_chainId', [], [gone.signal]);
    gone.abort();
    await expect(request).rejects.toThrow('every caller of the request gave up');
    expect(received()).toBe(0);
  });
});
