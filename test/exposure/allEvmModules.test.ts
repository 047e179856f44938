import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../shared/address/types.js';
import { modulesFor } from '../../shared/modules/loaders.js';
import { MODULES } from '../../shared/modules/registry.js';
import { type ReplayServer, startReplayServer } from '../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { readPositions } from '../../shared/scan/readPositions.js';
import { TEST_POLICY } from '../upstream/replayHarness.js';
import { captureScans, HOLDER } from './syntheticEvmWallet.js';

/*
 * A scan of an evm wallet fans out to every registered EVM module at once (the scan's own path,
 * readPositions), and their reads ride one Multicall round trip or two: issue #13 keeps the target
 * of two HTTP requests to `ethereum` for a first scan, one when the reader knows the markets, with
 * every EVM module the registry lists (synthetic chain of syntheticEvmWallet.ts).
 */
const wallet: Wallet = { kind: 'evm', address: HOLDER };
const EVM_MODULES = MODULES.filter((module) => (module.addressKinds as readonly string[]).includes('evm')).map((module) => module.slug);
let server: ReplayServer;

beforeAll(async () => {
  // Module code loaded first, as in a warm process: the capture and the replayed scans then batch alike.
  await Promise.all(modulesFor('evm').map((module) => module.load()));
  const { fixtures } = await captureScans(2, (upstreams) => readPositions(wallet, { deadlineMs: 10_000, now: new Date(), upstreams }));
  server = await startReplayServer({ fixtures });
});
afterAll(async () => server?.close());

describe('a scan of an evm wallet with every EVM module of the registry', () => {
  it('asks all of them: aave, compound, lido, morpho and spark', () => {
    expect(modulesFor('evm').map((module) => module.slug)).toEqual(EVM_MODULES);
    expect(EVM_MODULES).toHaveLength(5);
  });

  it('reads them all in at most two HTTP requests to ethereum, then one once the reader knows the markets, one to base, and nothing elsewhere', async () => {
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: TEST_POLICY, env: {} });
    const first = await readPositions(wallet, { deadlineMs: 10_000, now: new Date(), upstreams });
    const afterFirst = upstreams.counter.snapshot();
    expect(first.degraded).toEqual([]);
    expect(afterFirst.ethereum.requests).toBeLessThanOrEqual(2);
    // morpho also reads its Base vaults: one request to base for a wallet holding none of them.
    expect(afterFirst.base.requests).toBe(1);
    expect(Object.entries(afterFirst).filter(([id, count]) => id !== 'ethereum' && id !== 'base' && count.requests > 0)).toEqual([]);

    const second = await readPositions(wallet, { deadlineMs: 10_000, now: new Date(), upstreams });
    expect(second.degraded).toEqual([]);
    expect(upstreams.counter.snapshot().ethereum.requests - afterFirst.ethereum.requests).toBe(1);
    expect(upstreams.counter.snapshot().base.requests - afterFirst.base.requests).toBe(1);
    expect(second.positions).toEqual(first.positions);
    expect(server.misses).toEqual([]);
  });
});
