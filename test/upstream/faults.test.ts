import { createPublicClient } from 'viem';
import { mainnet } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { connectCosmosHub } from '../../shared/upstream/clients/cosmosClient.js';
import { verifyCosmosRest } from '../../shared/upstream/clients/cosmosRest.js';
import { verifyEthereumMainnet } from '../../shared/upstream/clients/ethereumChain.js';
import { ethereumTransport } from '../../shared/upstream/clients/ethereumTransport.js';
import { getJson } from '../../shared/upstream/clients/getJson.js';
import { graphqlQuery } from '../../shared/upstream/clients/graphqlQuery.js';
import { verifySolanaMainnet } from '../../shared/upstream/clients/solanaCluster.js';
import { solanaRpc } from '../../shared/upstream/clients/solanaRpc.js';
import { connectXrpl } from '../../shared/upstream/clients/xrplClient.js';
import type { Upstream } from '../../shared/upstream/upstreams.js';
import { upstreamCodeOf } from '../support/faultCases.js';
import { COUNTING_POLICY, TEST_POLICY, timed, useReplay } from './replayHarness.js';

const replay = useReplay();
const NODE_INFO = '/cosmos/base/tendermint/v1beta1/node_info';

const viem = (ethereum: Upstream) => createPublicClient({ chain: mainnet, transport: ethereumTransport(ethereum) });

describe('latency', () => {
  it('delays the recorded answer by the injected time, within the deadline', async () => {
    replay.server.faults.inject('cosmosRest', { kind: 'latency', ms: 150 });
    // A deadline with room over the 150 ms: under the whole suite, 300 ms left too little for the rest of
    // the call; 2 s costs nothing (the answer comes at 150 ms) and leaves a loaded machine 1.85 s.
    const deadlineMs = 2_000;
    const { ms, error } = await timed(() => getJson(replay.upstreams({ deadlineMs }).cosmosRest, NODE_INFO));
    expect(error).toBeUndefined();
    expect(ms).toBeGreaterThanOrEqual(150);
    expect(ms).toBeLessThan(deadlineMs);
  });

  it('past the deadline becomes a timeout, retried then given up', async () => {
    // An answer 2 s past the deadline: a client that waited for it would take over 6.9 s, so the
    // bound below can leave a loaded machine 1.5 s of slack (+400 ms failed a run at load 9).
    replay.server.faults.inject('cosmosRest', { kind: 'latency', ms: TEST_POLICY.deadlineMs + 2_000 });
    const upstreams = replay.upstreams(TEST_POLICY);
    const { ms, error } = await timed(() => getJson(upstreams.cosmosRest, NODE_INFO));
    expect(upstreamCodeOf(error)).toBe('upstream_timeout');
    expect(upstreams.counter.snapshot().cosmosRest).toMatchObject({ requests: 3, retries: 2, failures: 1 });
    // Three deadlines plus two backoffs (20 and 40 ms), never the answers' own time.
    expect(ms).toBeGreaterThanOrEqual(3 * TEST_POLICY.deadlineMs + 60);
    expect(ms).toBeLessThan(3 * TEST_POLICY.deadlineMs + 60 + 1_500);
  });
});

describe('HTTP 5xx', () => {
  it('is retried and then answered when the upstream recovers', async () => {
    replay.server.faults.inject('ethereum', { kind: 'status', status: 503 }, 2);
    const upstreams = replay.upstreams();
    expect(await viem(upstreams.ethereum).getChainId()).toBe(1);
    expect(upstreams.counter.snapshot().ethereum).toMatchObject({ requests: 3, retries: 2, failures: 0 });
    expect(replay.server.received.ethereum).toBeGreaterThanOrEqual(3);
  });

  it('fails after the retries when it persists, and the library reports the status', async () => {
    replay.server.faults.inject('ethereum', { kind: 'status', status: 502 });
    const upstreams = replay.upstreams();
    await expect(viem(upstreams.ethereum).getBlockNumber()).rejects.toThrow(/502|Bad Gateway|HTTP request failed/);
    expect(upstreams.counter.snapshot().ethereum).toMatchObject({ requests: 3, retries: 2, failures: 1 });
  });

  it('fails through @solana/kit as an upstream status, kit’s own HTTP error kept as the cause', async () => {
    replay.server.faults.inject('solana', { kind: 'status', status: 503 });
    const upstreams = replay.upstreams({ retries: 1 });
    await expect(solanaRpc(upstreams.solana).getVersion().send()).rejects.toMatchObject({ code: 'upstream_status', message: 'solana: answered HTTP 503', cause: { context: { statusCode: 503 } } });
    expect(upstreams.counter.snapshot().solana.requests).toBe(2);
  });

  it('refuses the XRPL WebSocket upgrade', async () => {
    replay.server.faults.inject('xrpl', { kind: 'status', status: 503 }, 1);
    await expect(connectXrpl(replay.upstreams().xrpl)).rejects.toMatchObject({ code: 'upstream_unreachable' });
  });
});

describe('a hang', () => {
  it('is cut by the per-call deadline on every attempt', async () => {
    replay.server.faults.inject('snapshot', { kind: 'hang' });
    const upstreams = replay.upstreams({ ...TEST_POLICY, retries: 1 });
    const { ms, error } = await timed(() => graphqlQuery(upstreams.snapshot, { query: '{ proposals { id } }' }));
    expect(upstreamCodeOf(error)).toBe('upstream_timeout');
    expect(ms).toBeGreaterThanOrEqual(2 * TEST_POLICY.deadlineMs);
    // Two deadlines and a 20 ms backoff, with a second of slack for a loaded machine (300 ms was
    // tight); a hang that no deadline cut would run to the test's own timeout.
    expect(ms).toBeLessThan(2 * TEST_POLICY.deadlineMs + 20 + 1_000);
    expect(upstreams.counter.snapshot().snapshot).toMatchObject({ requests: 2, failures: 1 });
  });

  it('stops at once when the caller gives up first', async () => {
    replay.server.faults.inject('cosmosRest', { kind: 'hang' });
    // A per-call deadline of 4 s against the signal's 100 ms: stopping in under half of it is the
    // caller's doing, with room for a loaded machine (TEST_POLICY's 300 ms left 200 ms).
    const { ms, error } = await timed(() => getJson(replay.upstreams(COUNTING_POLICY).cosmosRest, NODE_INFO, { signal: AbortSignal.timeout(100) }));
    expect(error).toBeDefined();
    expect(ms).toBeLessThan(COUNTING_POLICY.deadlineMs / 2);
  });

  it('of an XRPL server makes connect fail by the deadline of each try of its server_info', async () => {
    replay.server.faults.inject('xrpl', { kind: 'hang' });
    const upstreams = replay.upstreams(TEST_POLICY);
    const { ms, error } = await timed(() => connectXrpl(upstreams.xrpl));
    expect(upstreamCodeOf(error)).toBe('upstream_timeout');
    const tries = TEST_POLICY.retries + 1;
    expect(ms).toBeGreaterThanOrEqual(tries * TEST_POLICY.deadlineMs);
    // A second of slack for a loaded machine over the deadlines and backoffs (300 ms was tight).
    expect(ms).toBeLessThan(tries * TEST_POLICY.deadlineMs + TEST_POLICY.retries * TEST_POLICY.backoffMaxMs + 1_000);
    expect(upstreams.counter.snapshot().xrpl).toMatchObject({ requests: tries, retries: TEST_POLICY.retries, failures: 1 });
  });
});

describe('a malformed body', () => {
  it('fails the call without a retry', async () => {
    replay.server.faults.inject('cosmosRest', { kind: 'malformed' });
    const upstreams = replay.upstreams();
    await expect(getJson(upstreams.cosmosRest, NODE_INFO)).rejects.toMatchObject({ code: 'upstream_malformed' });
    expect(upstreams.counter.snapshot().cosmosRest).toMatchObject({ requests: 1, retries: 0 });
  });

  it('fails viem, kit and cosmjs calls instead of giving a value', async () => {
    for (const id of ['ethereum', 'solana', 'cosmosRpc'] as const) replay.server.faults.inject(id, { kind: 'malformed' });
    const upstreams = replay.upstreams();
    await expect(viem(upstreams.ethereum).getChainId()).rejects.toThrow();
    await expect(solanaRpc(upstreams.solana).getSlot().send()).rejects.toMatchObject({ code: 'upstream_malformed' });
    await expect(connectCosmosHub(upstreams.cosmosRpc)).rejects.toMatchObject({ code: 'upstream_malformed' });
  });
});

describe('a wrong chain', () => {
  it('is detected on Ethereum (eth_chainId of Optimism)', async () => {
    replay.server.faults.inject('ethereum', { kind: 'wrongChain' });
    await expect(verifyEthereumMainnet(viem(replay.upstreams().ethereum))).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });

  it('is detected on Solana (devnet genesis hash)', async () => {
    replay.server.faults.inject('solana', { kind: 'wrongChain' });
    await expect(verifySolanaMainnet(solanaRpc(replay.upstreams().solana))).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });

  it('is detected on a CometBFT node of another chain-id', async () => {
    replay.server.faults.inject('cosmosRpc', { kind: 'wrongChain' });
    await expect(connectCosmosHub(replay.upstreams().cosmosRpc)).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });

  it('is detected on an LCD of another chain-id', async () => {
    replay.server.faults.inject('cosmosRest', { kind: 'wrongChain' });
    await expect(verifyCosmosRest(replay.upstreams().cosmosRest)).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });

  it('is detected on an XRPL server of another network id', async () => {
    replay.server.faults.inject('xrpl', { kind: 'wrongChain' });
    await expect(connectXrpl(replay.upstreams().xrpl)).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });
});
