import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../shared/address/types.js';
import { EXAMPLE_WALLETS } from '../../shared/api/exampleWallets.js';
import { DEGRADED_READ_SECONDS } from '../../shared/scan/positionsFor.js';
import { scanWallet } from '../../shared/scan/scanWallet.js';
import { UPSTREAM_IDS } from '../../shared/upstream/endpoints.js';
import { totalRequests } from '../../shared/upstream/requestCounter.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { ABIS, HOLDER, holderState } from '../exposure/syntheticEvmWallet.js';
import { syntheticChain } from '../exposure/syntheticChain.js';
import { testServices } from '../support/services.js';
import { useReplay } from '../upstream/replayHarness.js';

/*
 * Failed and degraded reads are kept a few seconds (issue #19): repeats within them make no upstream
 * request; after them, the upstreams are asked again.
 */
const replay = useReplay();
const solana = EXAMPLE_WALLETS.find((example) => example.kind === 'solana')!;
const wallet = { kind: 'solana', address: solana.address } as Wallet;
const receivedInAll = () => UPSTREAM_IDS.reduce((sum, id) => sum + replay.server.received[id], 0);

describe('a scan whose every module failed', () => {
  it('is answered with the same failure for a few seconds, without asking the upstreams again', async () => {
    for (const id of UPSTREAM_IDS) replay.server.faults.inject(id, { kind: 'status', status: 503 });
    let nowMs = Date.parse('2026-11-25T12:00:00Z');
    const services = testServices({ now: () => new Date(nowMs), upstreams: replay.upstreams({ retries: 0, deadlineMs: 5_000 }), config: { moduleDeadlineMs: 15_000 } });
    const before = receivedInAll();
    await expect(scanWallet(wallet, undefined, services)).rejects.toMatchObject({ code: 'upstream_unavailable' });
    const firstFailure = receivedInAll() - before;
    expect(firstFailure).toBeGreaterThan(0);

    nowMs += (DEGRADED_READ_SECONDS - 1) * 1000;
    await expect(scanWallet(wallet, undefined, services)).rejects.toMatchObject({ code: 'upstream_unavailable' });
    expect(receivedInAll() - before).toBe(firstFailure);

    // Past the window, and the upstreams have recovered: the wallet is read again, and answers.
    replay.server.faults.clear();
    nowMs += 2_000;
    const scan = await scanWallet(wallet, undefined, services);
    expect(receivedInAll() - before).toBeGreaterThan(firstFailure);
    expect(scan.snapshot.degraded).toEqual([]);
  });
});

describe('a degraded scan', () => {
  it('is kept for a few seconds, not the scan cache\'s minute', async () => {
    // The synthetic holder (SYNTHETIC, test/exposure/syntheticEvmWallet.ts) with Base down: morpho keeps its Ethereum part, degraded.
    const chain = syntheticChain(ABIS, holderState);
    const baseDown: typeof fetch = async (input, init) => (String(input instanceof Request ? input.url : input).includes('base.invalid') ? new Response('down', { status: 503 }) : chain.fetch(input, init));
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/', base: 'http://base.invalid/' }, fetch: baseDown, policy: { retries: 0, deadlineMs: 5_000 }, env: {} });
    let nowMs = Date.parse('2026-11-25T12:00:00Z');
    const services = testServices({ now: () => new Date(nowMs), upstreams, config: { moduleDeadlineMs: 15_000, scanCacheSeconds: 60 } });
    const first = await scanWallet({ kind: 'evm', address: HOLDER }, undefined, services);
    // Aave's Base market and Compound's Base Comets are down with it: each degraded on that chain alone.
    expect(first.snapshot.degraded.map((entry) => [entry.module, entry.chain])).toEqual([
      ['aave', 'base'],
      ['compound', 'base'],
      ['morpho', undefined],
    ]);
    const once = totalRequests(upstreams.counter.snapshot());

    nowMs += (DEGRADED_READ_SECONDS - 1) * 1000;
    expect((await scanWallet({ kind: 'evm', address: HOLDER }, undefined, services)).snapshot).toBe(first.snapshot);
    expect(totalRequests(upstreams.counter.snapshot())).toBe(once);

    nowMs += 2_000;
    const again = await scanWallet({ kind: 'evm', address: HOLDER }, undefined, services);
    expect(again.snapshot).not.toBe(first.snapshot);
    expect(totalRequests(upstreams.counter.snapshot())).toBeGreaterThan(once);
  });
});
