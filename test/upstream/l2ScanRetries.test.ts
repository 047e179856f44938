import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../shared/address/types.js';
import type { ExposurePosition } from '../../shared/domain/position.js';
import { aaveExposure } from '../../shared/modules/aave/exposure/aaveExposure.js';
import { configFromEnv } from '../../shared/runtime/config.js';
import { readPositions } from '../../shared/scan/readPositions.js';
import { policyFromEnv } from '../../shared/upstream/callPolicy.js';
import type { UpstreamId } from '../../shared/upstream/endpoints.js';
import { type ReplayServer, startReplayServer } from '../../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../../shared/upstream/upstreams.js';
import { AAVE_CHAINS, captureScans, HOLDER } from '../exposure/syntheticEvmWallet.js';
import { TEST_POLICY, timed } from './replayHarness.js';

/*
 * A scan's L2 reads retry as Ethereum's do (isIdempotentRead.ts), over real HTTP to the replay
 * server serving the synthetic holder's exchanges on every Aave chain (test/exposure/syntheticEvmWallet.ts:
 * positions on Ethereum, Arbitrum and Base; synthetic vectors, never a fixture file). A failure
 * that passes is no longer a degraded chain; one that persists still degrades that chain alone;
 * and the retries stay inside the chain's share of the module deadline (positionsOnChains.ts).
 */
const wallet: Wallet = { kind: 'evm', address: HOLDER };
let server: ReplayServer;
let captured: ExposurePosition[];

beforeAll(async () => {
  const { fixtures, results } = await captureScans(2, (upstreams) => aaveExposure().readPositions(wallet, { signal: AbortSignal.timeout(30_000), now: new Date(), upstreams }));
  captured = results[1]!;
  server = await startReplayServer({ fixtures });
});
afterAll(async () => server?.close());
afterEach(() => {
  server.faults.clear();
  server.misses.splice(0);
});

// 19 upstreams answered by one replay server in this process: a longer per-call deadline than TEST_POLICY's.
const upstreams = (policy = { ...TEST_POLICY, deadlineMs: 5_000 }) => createUpstreams({ endpoints: server.endpoints, policy, env: {} });
const scan = (counted: Upstreams, deadlineMs = 20_000) => readPositions(wallet, { only: ['aave'], deadlineMs, now: new Date(), upstreams: counted });
const ids = (positions: readonly ExposurePosition[]) => positions.map(({ position }) => position.id).sort();
const requestsOn = (counted: Upstreams) => Object.fromEntries(AAVE_CHAINS.map((chain) => [chain, counted.counter.snapshot()[chain].requests]));

describe('an aave scan whose Base read fails once', () => {
  it('retries it and reads every position, Base’s included, with one request more on base and none elsewhere', async () => {
    const clean = upstreams();
    const cleanRead = await scan(clean);
    expect(cleanRead.degraded).toEqual([]);

    server.faults.inject('base', { kind: 'status', status: 503 }, 1);
    const retried = upstreams();
    const read = await scan(retried);
    expect(read.degraded).toEqual([]);
    expect(ids(read.positions)).toEqual(ids(captured));
    expect(read.positions.some(({ position }) => position.chain === 'base')).toBe(true);
    expect(retried.counter.snapshot().base).toMatchObject({ requests: clean.counter.snapshot().base.requests + 1, retries: 1, failures: 0 });
    expect(requestsOn(retried)).toEqual({ ...requestsOn(clean), base: requestsOn(clean).base! + 1 });
  });
});

describe('an aave scan whose Base read keeps failing', () => {
  it('tries it 1 + retries times, then answers partial: aave degraded on base alone, the other chains’ positions kept', async () => {
    server.faults.inject('base', { kind: 'status', status: 503 });
    const counted = upstreams();
    const read = await scan(counted);
    expect(read.degraded).toEqual([{ module: 'aave', component: 'exposure', chain: 'base', message: 'base: answered HTTP 503' }]);
    expect(ids(read.positions)).toEqual(ids(captured.filter(({ position }) => position.chain !== 'base')));
    expect(counted.counter.snapshot().base).toMatchObject({ requests: TEST_POLICY.retries + 1, retries: TEST_POLICY.retries, failures: 1 });
  });
});

describe('retries under the scan’s deadline (the service’s module deadline, retries and backoff)', () => {
  const { moduleDeadlineMs } = configFromEnv({});
  // A per-call deadline short enough that a retry is surely under way before the chain is cut,
  // long enough that the attempts together would outlast the module deadline.
  const policy = { ...policyFromEnv('base', {}), deadlineMs: 1_400 };
  const uncutMs = (policy.retries + 1) * policy.deadlineMs;

  // Every attempt's deadline and the longest backoffs: past this, no retry of the cut read can still be coming.
  const retriesOverMs = uncutMs + policy.retries * policy.backoffMaxMs;

  it.each(['ethereum', 'base'] as UpstreamId[])('a hanging %s is retried, then cut at its chain’s share of the deadline, that chain alone degraded', async (chain) => {
    expect(moduleDeadlineMs).toBeLessThan(uncutMs);
    server.faults.inject(chain, { kind: 'hang' });
    const counted = upstreams(policy);
    const before = server.received[chain];
    const { ms, result: read } = await timed(() => scan(counted, moduleDeadlineMs));
    expect(read?.degraded).toEqual([{ module: 'aave', component: 'exposure', chain, message: expect.stringMatching(/^no answer within \d+ ms$/) }]);
    expect(ids(read!.positions)).toEqual(ids(captured.filter(({ position }) => position.chain !== chain)));
    expect(counted.counter.snapshot()[chain].retries).toBeGreaterThanOrEqual(1);
    expect(ms).toBeLessThan(uncutMs);

    // The cut read's retries stop with the scan (postJsonRpc.ts): none reaches the server after it answered.
    const atAnswer = server.received[chain] - before;
    await new Promise((resolve) => setTimeout(resolve, retriesOverMs - ms));
    expect(server.received[chain] - before).toBe(atAnswer);
    expect(atAnswer).toBeLessThan(policy.retries + 1);
    expect(counted.counter.snapshot()[chain].requests).toBe(atAnswer);
  });

  // A module deadline whose chain share (CHAIN_DEADLINE_SHARE) ends during the first attempt.
  const cutInFirstAttemptMs = 1_000;

  it('a read two scans share keeps going for the one whose deadline has not passed, and stops when both have', async () => {
    // Both scans' first Base round joins into one request (same reader, same window), which hangs once.
    server.faults.inject('base', { kind: 'hang' }, 1);
    const counted = upstreams(policy);
    const before = server.received.base;
    const [cut, patient] = await Promise.all([scan(counted, cutInFirstAttemptMs), scan(counted, 20_000)]);
    expect(cut.degraded).toEqual([{ module: 'aave', component: 'exposure', chain: 'base', message: expect.stringMatching(/^no answer within \d+ ms$/) }]);
    expect(patient.degraded).toEqual([]);
    expect(ids(patient.positions)).toEqual(ids(captured));
    expect(counted.counter.snapshot().base).toMatchObject({ retries: 1, failures: 0 });

    // Now both give up on a hanging Base: after the shorter deadline the request goes on, after both it stops.
    server.faults.inject('base', { kind: 'hang' });
    const again = upstreams(policy);
    const sent = server.received.base;
    const { ms, result: both } = await timed(() => Promise.all([scan(again, cutInFirstAttemptMs), scan(again, moduleDeadlineMs)]));
    expect(both!.map((read) => read.degraded.map(({ chain }) => chain))).toEqual([['base'], ['base']]);
    const atAnswer = server.received.base - sent;
    // The first scan gave up during the first attempt, yet the retry was sent for the second; no third after both.
    expect(atAnswer).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, retriesOverMs - ms));
    expect(server.received.base - sent).toBe(atAnswer);
    expect(server.received.base - before).toBeGreaterThan(0);
  });
});
