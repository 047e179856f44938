import { afterAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { vaultMarket } from '../../../shared/modules/morpho/deployment.js';
import { curveBorrowRate, INITIAL_RATE_AT_TARGET, supplyRate, utilization, vaultGrossRate, vaultNetRate, yearlyRate } from '../../../shared/modules/morpho/exposure/adaptiveCurve.js';
import { morphoExposure } from '../../../shared/modules/morpho/exposure/morphoExposure.js';
import { scanWallet } from '../../../shared/scan/scanWallet.js';
import type { Upstreams } from '../../../shared/upstream/upstreams.js';
import { feedProposal, storedFeed } from '../../support/feed.js';
import { testServices } from '../../support/services.js';
import { memoryChains, replayedChains } from './replayedChains.js';
import { baseHolderState, HOLDER, holderState, perSecond, SPARK_DAI_QUEUE, SPARK_DAI_VAULT } from './syntheticHolder.js';

const WAD = 10n ** 18n;
const wallet: Wallet = { kind: 'evm', address: HOLDER };
const context = (upstreams: Upstreams) => ({ signal: AbortSignal.timeout(5_000), now: new Date('2026-11-22T12:00:00Z'), upstreams });
const readVault = async (upstreams: Upstreams) => (await morphoExposure().readPositions(wallet, context(upstreams))).find(({ position }) => position.id === 'metamorpho-ethereum-spark-dai-vault')!;

/*
 * The synthetic Spark DAI vault (syntheticHolder.ts) supplies 60 M DAI to sUSDe/DAI 86 % at the
 * target utilization (rate at target 5 %: borrowers pay 5 %, suppliers 5 % × 0.9 = 4.5 %) and 40 M
 * DAI to sUSDe/DAI 91.5 % at 95 % (err = 0.05 / 0.1 = 0.5, so borrowers pay (3 × 0.5 + 1) × 4 % =
 * 10 %, suppliers 10 % × 0.95 × (1 − 5 % market fee) = 9.025 %). Gross 0.6 × 4.5 % + 0.4 × 9.025 % =
 * 6.31 %; after the vault's 10 % fee, 5.679 % a year, less the integer divisions' dust.
 */
const EXPECTED_NET = 0.05679;

describe('the AdaptiveCurveIrm curve and a vault’s rate (integers as the contracts round them)', () => {
  it('gives the rate at target at the target utilization, four times it at 100 %, a quarter of it at 0', () => {
    const r = perSecond(4n);
    expect(curveBorrowRate(r, (9n * WAD) / 10n)).toBe(r);
    expect(curveBorrowRate(r, WAD)).toBe(4n * r);
    expect(curveBorrowRate(r, 0n)).toBe(r / 4n);
    // Half way to full: err = 0.5, ((4 − 1) × 0.5 + 1) = 2.5.
    expect(curveBorrowRate(r, (95n * WAD) / 100n)).toBe((5n * r) / 2n);
  });

  it('starts a market the IRM never updated at the initial rate at target, 4 % a year', () => {
    expect(curveBorrowRate(0n, (9n * WAD) / 10n)).toBe(INITIAL_RATE_AT_TARGET);
    expect(yearlyRate(INITIAL_RATE_AT_TARGET)).toBeCloseTo(0.04, 9);
  });

  it('spreads the borrowers’ interest over the supply and takes the market’s fee from it', () => {
    expect(utilization(90n, 100n)).toBe((9n * WAD) / 10n);
    expect(utilization(1n, 0n)).toBe(0n);
    expect(supplyRate(1_000n, WAD / 2n, WAD / 10n)).toBe(450n);
  });

  it('weights each market by what the vault supplies there, skips empty ones, and states nothing when a supplied market’s rate is unknown', () => {
    const market = (vaultSupplyShares: bigint, borrowRate: bigint | undefined) => ({ totalSupplyAssets: 100n * WAD, totalSupplyShares: 100n * WAD * 10n ** 6n, totalBorrowAssets: 100n * WAD, fee: 0n, vaultSupplyShares, borrowRate });
    // 30 at 1,000,000 and 10 at 3,000,000 (utilization 1, no fee): 1,500,000.
    expect(vaultGrossRate([market(30n * WAD * 10n ** 6n, 1_000_000n), market(10n * WAD * 10n ** 6n, 3_000_000n)])).toBe(1_500_000n);
    expect(vaultGrossRate([market(30n * WAD * 10n ** 6n, 1_000_000n), market(0n, undefined)])).toBe(1_000_000n);
    expect(vaultGrossRate([market(30n * WAD * 10n ** 6n, 1_000_000n), market(1n * WAD * 10n ** 6n, undefined)])).toBeUndefined();
    expect(vaultGrossRate([])).toBeUndefined();
    expect(vaultNetRate(1_000n, WAD / 10n)).toBe(900n);
  });
});

describe('a vault holder’s rate over HTTP (synthetic answers, protocol-exact encodings, on the replay server)', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterAll(async () => Promise.all(servers.map((server) => server.close())));
  const replay = async (states: Parameters<typeof replayedChains>[0], capture: (upstreams: Upstreams) => Promise<unknown>) => {
    const replayed = await replayedChains(states, capture);
    servers.push(replayed.server);
    return replayed;
  };

  it('reads the vault’s net rate from its withdraw queue’s markets, still in two requests to ethereum', async () => {
    const states = { ethereum: holderState(), base: baseHolderState() };
    const { server, upstreams } = await replay(states, readVault);
    const replayed = upstreams();
    const vault = await readVault(replayed);
    expect(server.misses).toEqual([]);
    expect(vault.inputs.apr).toBeCloseTo(EXPECTED_NET, 8);
    expect(vault.position.apy).toBeCloseTo(Math.expm1(vault.inputs.apr!), 6);
    expect(vault.inputs.rewardFee).toBe(0.1);
    // Round one (with the listed vaults' queues, the reader's first sight of them) and round two.
    expect(replayed.counter.snapshot().ethereum).toMatchObject({ requests: 2, calls: 3 });
  });

  it('asks the queues in round one only the first time a reader sees the vaults, and reads a changed queue’s markets again', async () => {
    // In memory, not replayed: the replay server answers a request the same way every time, and an
    // allocator's change between two scans at the same head is the same request with a new answer.
    const options: { queue?: typeof SPARK_DAI_QUEUE } = {};
    const memory = memoryChains({ ethereum: holderState(options), base: baseHolderState() });
    const upstreams = memory.upstreams();
    const counts: number[] = [];
    const calls: number[] = [];
    const rates: (number | undefined)[] = [];
    for (let run = 0; run < 4; run++) {
      // An allocator drops sUSDe/DAI 86 % from the queue: only the 91.5 % market's 9.025 % is left.
      if (run === 2) options.queue = [SPARK_DAI_QUEUE[1]!];
      const before = upstreams.counter.snapshot().ethereum.requests;
      const exchanges = memory.nodes.ethereum.exchanges.length;
      rates.push((await readVault(upstreams)).inputs.apr);
      counts.push(upstreams.counter.snapshot().ethereum.requests - before);
      const roundOne = memory.nodes.ethereum.exchanges.slice(exchanges).find((exchange) => exchange.request.method === 'eth_call')!;
      calls.push(JSON.stringify(roundOne.request.params).length);
    }
    expect(counts).toEqual([2, 2, 3, 2]);
    // The first round one carries the five vaults' queues (31 calls each); the warm ones do not.
    expect(calls[1]).toBeLessThan(calls[0]!);
    expect(calls.slice(2)).toEqual([calls[1], calls[1]]);
    expect(rates[0]).toBeCloseTo(EXPECTED_NET, 8);
    expect(rates[1]).toBe(rates[0]);
    // 9.025 % less the vault's 10 %: 8.1225 %.
    expect(rates[2]).toBeCloseTo(0.081225, 8);
    expect(rates[3]).toBe(rates[2]);
  });

  it('states no rate, never a guessed one, when the IRM’s rate at target does not answer', async () => {
    const states = { ethereum: holderState({ rateAtTargetReverts: true }), base: baseHolderState() };
    const { upstreams } = await replay(states, readVault);
    const vault = await readVault(upstreams());
    expect(vault.position.amount).toBe('10000');
    expect(vault.inputs.apr).toBeUndefined();
    expect(vault.position.apy).toBeUndefined();
  });
});

describe('a vault fee change in a scan', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterAll(async () => Promise.all(servers.map((server) => server.close())));
  const feeRise = feedProposal({
    id: 'morpho-ethvaults-21590000-3',
    protocol: 'morpho',
    status: 'executed',
    changes: [{ protocol: 'morpho', market: vaultMarket('ethereum', SPARK_DAI_VAULT), asset: 'DAI', parameter: 'vaultFee', from: 0.1, to: 0.2, unit: 'fraction', evidence: 'SetFee (synthetic)', verified: true }],
  });
  const scan = async (upstreams: Upstreams) => {
    const services = testServices({ upstreams, config: { moduleDeadlineMs: 5_000 } });
    await services.feedStore.write(storedFeed([feeRise]));
    return scanWallet(wallet, ['morpho'], services);
  };
  const replayedScan = async (ethereum: ReturnType<typeof holderState>) => {
    const replayed = await replayedChains({ ethereum, base: baseHolderState() }, scan);
    servers.push(replayed.server);
    return scan(replayed.upstreams());
  };

  it('carries a yearly money effect for a holder of the vault: 10,000 DAI at 5.679 % net, the fee 10 % → 20 %', async () => {
    const result = await replayedScan(holderState());
    expect(result.degraded).toEqual([]);
    const [matched] = result.matched;
    const apr = result.snapshot.positions.find(({ position }) => position.id === 'metamorpho-ethereum-spark-dai-vault')!.inputs.apr!;
    expect(apr).toBeCloseTo(EXPECTED_NET, 8);
    // Net after = net × (1 − 0.2) / (1 − 0.1): 10,000 × 5.679 % × (0.8 / 0.9 − 1) ≈ −63.10 a year.
    const [effect] = matched!.effects!;
    expect(effect).toMatchObject({ simulated: true, usd: -63.1, yearly: { asset: 'DAI', aprBefore: apr } });
    expect(effect!.yearly!.aprAfter).toBeCloseTo((apr * 0.8) / 0.9, 12);
    // setFee takes effect at once (executed): the scan tells what it did.
    expect(matched!.impact!.summary).toMatch(/earns about \$63 less a year/);
  });

  it('stays unquantified when the vault’s rate could not be read', async () => {
    const result = await replayedScan(holderState({ rateAtTargetReverts: true }));
    expect(result.degraded).toEqual([]);
    const [matched] = result.matched;
    expect(matched!.impact!.summary).toMatch(/were not read/);
    expect(matched!.effects!.every((effect) => effect.yearly === undefined && effect.usd === undefined && !effect.simulated)).toBe(true);
  });
});
