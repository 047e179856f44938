import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { morphoExposure } from '../../../shared/modules/morpho/exposure/morphoExposure.js';
import { PartialPositions } from '../../../shared/modules/partialPositions.js';
import { scanWallet } from '../../../shared/scan/scanWallet.js';
import type { ReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import type { Upstreams } from '../../../shared/upstream/upstreams.js';
import { vaultMarket } from '../../../shared/modules/morpho/deployment.js';
import { registered } from '../../../shared/modules/registry.js';
import { simulateProposalInDetail } from '../../../shared/simulate/simulateProposal.js';
import { feedProposal, storedFeed } from '../../support/feed.js';
import { upstreamCodeOf } from '../../support/faultCases.js';
import { testServices } from '../../support/services.js';
import { replayedChains } from './replayedChains.js';
import { BASE_BLUE_BORROW, baseHolderState, HOLDER, holderState, MOONWELL_USDC_HOLDING } from './syntheticHolder.js';

/*
 * A SYNTHETIC holder on Base (syntheticHolder.ts): Moonwell Flagship USDC shares worth 5,000 USDC,
 * the vault supplying 1 M USDC to an idle market (no IRM: nothing earned) and 9 M USDC to a
 * cbBTC/USDC 86 % market at the target utilization with a 6 % rate at target (suppliers 5.4 %).
 * Gross (1 M × 0 + 9 M × 5.4 %) / 10 M = 4.86 %; after the vault's 15 % fee, 4.131 % a year.
 * On Ethereum the same wallet holds no vault share, only the USDC/wstETH borrow.
 */
const wallet: Wallet = { kind: 'evm', address: HOLDER };
const context = (upstreams: Upstreams) => ({ signal: AbortSignal.timeout(5_000), now: new Date('2026-11-22T12:00:00Z'), upstreams });
const read = (upstreams: Upstreams) => morphoExposure().readPositions(wallet, context(upstreams));

let server: ReplayServer;
let upstreams: (policy?: { retries?: number }) => Upstreams;
beforeAll(async () => {
  ({ server, upstreams } = await replayedChains({ ethereum: holderState({ vaultShares: 0n }), base: baseHolderState(MOONWELL_USDC_HOLDING) }, read));
});
afterAll(async () => server?.close());

describe('a Morpho Blue borrow on Base, over HTTP on the replay server', () => {
  it('reads the cbBTC/USDC 86 % borrow with its health factor: 1 cbBTC at 90,000 USDC against 50,000 USDC → 1.548', async () => {
    const borrower = await replayedChains({ ethereum: holderState({ vaultShares: 0n }), base: baseHolderState(undefined, { blueBorrow: true }) }, read);
    try {
      const positions = await read(borrower.upstreams());
      expect(borrower.server.misses).toEqual([]);
      const base = positions.filter(({ position }) => position.id.includes('cbbtc'));
      expect(base.map(({ position }) => position.id).sort()).toEqual(['morpho-blue-base-cbbtc-usdc-86-borrow', 'morpho-blue-base-cbbtc-usdc-86-collateral']);
      // Debt: 5e16 shares × (8e12 + 1) / (8e18 + 1e6), rounded up: the virtual share and asset cancel, 50,000 USDC; maxBorrow 90,000 × 0.86 = 77,400.
      const debt = (BASE_BLUE_BORROW.borrowShares * (8_000_000n * 10n ** 6n + 1n) + (8_000_000n * 10n ** 12n + 10n ** 6n) - 1n) / (8_000_000n * 10n ** 12n + 10n ** 6n);
      const maxBorrow = (((BASE_BLUE_BORROW.collateral * BASE_BLUE_BORROW.price) / 10n ** 36n) * 860_000_000_000_000_000n) / 10n ** 18n;
      const borrow = base.find(({ position }) => position.id.endsWith('-borrow'))!;
      expect(debt).toBe(50_000n * 10n ** 6n);
      expect(borrow.position).toMatchObject({ asset: 'USDC', amount: '50000', valueUsd: 50_000 });
      expect(borrow.position.healthFactor).toBeCloseTo(Number(maxBorrow) / Number(debt), 6);
      expect(borrow.position.healthFactor).toBeCloseTo(1.548, 3);
    } finally {
      await borrower.server.close();
    }
  });
});

describe('the morpho exposure on Base, over HTTP on the replay server', () => {
  it('reads a Base vault holding with its rate, beside the Ethereum positions: two requests to base, one to ethereum', async () => {
    const replayed = upstreams();
    const positions = await read(replayed);
    expect(server.misses).toEqual([]);
    expect(positions.map(({ position }) => position.id)).toEqual(['morpho-blue-wsteth-usdc-86-borrow', 'morpho-blue-wsteth-usdc-86-collateral', 'metamorpho-base-moonwell-flagship-usdc']);
    const vault = positions.at(-1)!;
    expect(vault.position).toMatchObject({ asset: 'USDC', amount: '5000', valueUsd: 5_000 });
    expect(vault.inputs).toMatchObject({ market: 'metamorpho-base-0xc1256ae5ff1cf2719d4937adb3bbccab2e00a2ca', role: 'supply', rewardFee: 0.15 });
    expect(vault.inputs.apr).toBeCloseTo(0.04131, 8);
    const counts = replayed.counter.snapshot();
    expect(counts.base).toMatchObject({ requests: 2, calls: 3 });
    expect(counts.ethereum).toMatchObject({ requests: 1, calls: 2 });
  });

  it('prices a Base vault’s fee change for its Base holder only: 5,000 USDC at 4.131 %, the fee 15 % → 25 %', async () => {
    const positions = await read(upstreams());
    const feeRise = feedProposal({
      id: 'morpho-basevaults-23000000-1',
      protocol: 'morpho',
      status: 'passed',
      changes: [{ protocol: 'morpho', market: vaultMarket('base', MOONWELL_USDC_HOLDING.vault), asset: 'USDC', parameter: 'vaultFee', from: 0.15, to: 0.25, unit: 'fraction', evidence: 'SetFee (synthetic)', verified: true }],
    });
    const detail = simulateProposalInDetail(feeRise, positions, await registered())!;
    // 5,000 × 4.131 % × (0.75 / 0.85 − 1) ≈ −24.30 a year; the Ethereum borrow is not touched.
    expect(detail.effects).toHaveLength(1);
    expect(detail.effects[0]).toMatchObject({ simulated: true, usd: -24.3, assets: ['USDC'] });
  });

  it.each([
    ['down (503)', { kind: 'status', status: 503 } as const, 'upstream_status'],
    ['on another chain', { kind: 'wrongChain' } as const, 'upstream_wrong_chain'],
  ])('keeps the Ethereum positions when base is %s, and says base failed with its own error', async (_, fault, code) => {
    server.faults.inject('base', fault);
    const replayed = upstreams({ retries: 0 });
    const error = await read(replayed).then(() => undefined, (failure: unknown) => failure);
    server.faults.clear();
    expect(error).toBeInstanceOf(PartialPositions);
    expect((error as PartialPositions).positions.map(({ position }) => position.id)).toEqual(['morpho-blue-wsteth-usdc-86-borrow', 'morpho-blue-wsteth-usdc-86-collateral']);
    expect(upstreamCodeOf((error as PartialPositions).cause)).toBe(code);
    expect(replayed.counter.snapshot().ethereum.requests).toBe(1);
  });

  it('answers a morpho scan partial when base is down: the Ethereum positions, morpho’s exposure degraded naming base, never complete without the Base holding', async () => {
    server.faults.inject('base', { kind: 'status', status: 503 });
    const services = testServices({ upstreams: upstreams({ retries: 0 }), config: { moduleDeadlineMs: 5_000 } });
    await services.feedStore.write(storedFeed([]));
    const scan = await scanWallet(wallet, ['morpho'], services);
    server.faults.clear();
    expect(scan.snapshot.positions.map(({ position }) => position.id)).toEqual(['morpho-blue-wsteth-usdc-86-borrow', 'morpho-blue-wsteth-usdc-86-collateral']);
    expect(scan.degraded).toEqual([{ module: 'morpho', component: 'exposure', message: expect.stringContaining('base: answered HTTP 503') }]);
  });

  it('fails a morpho scan with 502’s error when both chains are down: nothing was read', async () => {
    server.faults.inject('base', { kind: 'status', status: 503 });
    server.faults.inject('ethereum', { kind: 'status', status: 503 });
    const services = testServices({ upstreams: upstreams({ retries: 0 }), config: { moduleDeadlineMs: 5_000 } });
    await services.feedStore.write(storedFeed([]));
    // morpho is the only module asked and read nothing: every module failing, the contract's 502.
    await expect(scanWallet(wallet, ['morpho'], services)).rejects.toMatchObject({ code: 'upstream_unavailable', message: expect.stringContaining('morpho: ethereum: answered HTTP 503') });
    server.faults.clear();
  });
});
