import type { Abi, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import { readingVerdict } from '../../../shared/feed/currentValues/readingVerdict.js';
import { SPARKLEND_ETHEREUM } from '../../../shared/modules/spark/exposure/deployment.js';
import { sparkCurrentValues, sparkPlans } from '../../../shared/modules/spark/currentValues.js';
import { getConfigurationAbi } from '../../../shared/readers/lendingPool/getConfiguration.js';
import { poolV30Abi, rateStrategyV30Abi } from '../../../shared/readers/lendingPool/lendingPoolAbi.js';
import type { Fault } from '../../../shared/upstream/replay/faults.js';
import { type FixtureFile, loadFixtures } from '../../../shared/upstream/replay/fixtureFormat.js';
import { startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { fakeEvmNode } from '../../support/fakeEvmNode.js';
import { addressBookAbi, snapshotAbis, unpublishedItems } from '../../support/publishedAbi.js';
import { missesOnRecordedUpstreams, TEST_POLICY } from '../../upstream/replayHarness.js';

/*
 * Issue #21 item 4: Spark's current-value reader over real HTTP to the replay server. SparkLend
 * Ethereum's pool answers getConfiguration with a configuration word per reserve. The fields the
 * tests check are REAL, from spark-spells' own diff reports (sparkdotfi/spark-spells @372770a
 * diffs/20260423-Ethereum-0xC13e…-pre_…-post.md: rETH ltv 79 % and not frozen before the 2026-04-23
 * spell; diffs/20260326-…: WBTC ltv 0 % and liquidation threshold 35 % before the 2026-03-26 spell);
 * every other field of those words, and the USDC word, are SYNTHETIC, made here and never written to
 * fixtures. The encoding (the bit layout) is aave-v3-origin's, as test/modules/aave/currentValues.test.ts proves.
 */
const RETH = '0xae78736Cd615f374D3085123A210448E74Fc6393';
const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

interface Word {
  ltv: number;
  lt: number;
  bonus?: number;
  decimals: number;
  frozen?: boolean;
  borrowCap?: number;
  supplyCap?: number;
  active?: boolean;
}
const word = ({ ltv, lt, bonus = 10_500, decimals, frozen = false, borrowCap = 0, supplyCap = 0, active = true }: Word): bigint =>
  BigInt(ltv) | (BigInt(lt) << 16n) | (BigInt(bonus) << 32n) | (BigInt(decimals) << 48n) | ((active ? 1n : 0n) << 56n) | ((frozen ? 1n : 0n) << 57n) | (BigInt(borrowCap) << 80n) | (BigInt(supplyCap) << 116n);

/** Before 2026-04-23: rETH ltv 7900 and not frozen (real); before 2026-03-26: WBTC ltv 0, LT 3500 (real); USDC caps SYNTHETIC (borrow cap none, supply cap 2,000,000,000). */
const WORDS: Record<string, bigint> = {
  [RETH.toLowerCase()]: word({ ltv: 7900, lt: 8000, decimals: 18 }),
  [WBTC.toLowerCase()]: word({ ltv: 0, lt: 3500, decimals: 8 }),
  [USDC.toLowerCase()]: word({ ltv: 0, lt: 0, bonus: 0, decimals: 6, supplyCap: 2_000_000_000 }),
};

const change = (fields: Partial<ParameterChange>): ParameterChange => ({ protocol: 'spark', market: SPARKLEND_ETHEREUM.market, asset: 'rETH', parameter: 'ltv', to: 0, unit: 'bps', evidence: 'test', verified: true, ...fields });
const CHANGES: ParameterChange[] = [
  // The 2026-04-23 payload's collateralsUpdates (rETH ltv 0), as the StarGuard source states it, and its freeze (_postExecute).
  change({}),
  change({ parameter: 'listing', to: 'frozen', unit: 'state' }),
  // The 2026-03-26 payload's WBTC update, its stated old values from the same diff report.
  change({ asset: 'WBTC', to: 7700, from: 0 }),
  change({ asset: 'WBTC', parameter: 'liquidationThreshold', to: 7800, from: 3500 }),
  change({ asset: 'USDC', parameter: 'borrowCap', to: 1_000_000, unit: 'tokens' }),
  change({ asset: 'USDC', parameter: 'supplyCap', to: 2_500_000_000, unit: 'tokens' }),
  change({ asset: 'GNO', parameter: 'ltv', to: 0 }),
  change({ parameter: 'variableRateSlope2', to: 0.75, unit: 'fraction' }),
  change({ market: 'sparklend-gnosis', asset: 'WETH' }),
  change({ asset: 'NOPE' }),
  change({ asset: 'PYUSD', parameter: 'listing', to: 'listed', unit: 'state' }),
  // The 2026-04-23 payload's WETH curve: slope2 120 % → 75 %, slope1 2.109… % → 2.309… % (diff report, real).
  change({ asset: 'WETH', parameter: 'slope2', from: 1.2, to: 0.75, unit: 'fraction' }),
  change({ asset: 'WETH', parameter: 'slope1', from: 0.02109056441413821, to: 0.02309056441413821, unit: 'fraction' }),
  change({ asset: 'WETH', parameter: 'optimalUsage', to: 9000, unit: 'bps' }),
];
/** WETH's strategy before 2026-04-23 (real address and slopes from the diff report; its optimal usage SYNTHETIC 90 %). */
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const WETH_STRATEGY = '0x4FD869adB651917D5c2591DD7128Ae6e1C24bDD5';
const ZERO = '0x0000000000000000000000000000000000000000';
const reserveData = (strategy: string) => [{ configuration: { data: 0n }, liquidityIndex: 0n, currentLiquidityRate: 0n, variableBorrowIndex: 0n, currentVariableBorrowRate: 0n, currentStableBorrowRate: 0n, lastUpdateTimestamp: 0, id: 0, aTokenAddress: ZERO, stableDebtTokenAddress: ZERO, variableDebtTokenAddress: ZERO, interestRateStrategyAddress: strategy, accruedToTreasury: 0n, unbacked: 0n, isolationModeTotalDebt: 0n }][0];
const STRATEGY: Record<string, bigint> = { getVariableRateSlope2: 12n * 10n ** 26n, getVariableRateSlope1: 21_090_564_414_138_210_000_000_000n, OPTIMAL_USAGE_RATIO: 9n * 10n ** 26n };

/** The reader's one aggregated read, recorded from a stand-in node answering WORDS (an unlisted asset gets the empty word, as a pool answers). */
async function poolRecording(options: { revert?: string; truncate?: string } = {}): Promise<FixtureFile> {
  const node = fakeEvmNode([getConfigurationAbi, poolV30Abi, rateStrategyV30Abi] as unknown as Abi[], {
    chainId: '0x1',
    answer: (call) => {
      if (call.functionName === 'getReserveData') return (call.args[0] as string).toLowerCase() === WETH.toLowerCase() ? { abi: poolV30Abi as unknown as Abi, result: reserveData(WETH_STRATEGY) } : undefined;
      if (call.target.toLowerCase() === WETH_STRATEGY.toLowerCase()) return { abi: rateStrategyV30Abi as unknown as Abi, result: STRATEGY[call.functionName] };
      const asset = (call.args[0] as Hex).toLowerCase();
      if (call.target.toLowerCase() !== SPARKLEND_ETHEREUM.pool.toLowerCase() || asset === options.revert?.toLowerCase()) return undefined;
      if (asset === options.truncate?.toLowerCase()) return { abi: [{ type: 'function', name: 'getConfiguration', stateMutability: 'view', inputs: [{ name: 'asset', type: 'address' }], outputs: [] }] as Abi, result: undefined };
      return { abi: getConfigurationAbi as unknown as Abi, result: { data: WORDS[asset] ?? 0n } };
    },
  });
  await sparkCurrentValues().readCurrentValues(CHANGES, { signal: new AbortController().signal, now: new Date(), upstreams: createUpstreams({ env: {}, fetch: node.fetch }) });
  return {
    upstream: 'ethereum',
    protocol: 'json-rpc',
    description: 'SYNTHETIC words holding real fields: SparkLend Ethereum getConfiguration(rETH, WBTC, USDC, GNO), made in test/modules/spark/currentValues.test.ts',
    source: { kind: 'encoded', references: ['sparkdotfi/spark-spells @372770a diffs/20260423-…, diffs/20260326-… (rETH, WBTC fields)', 'test/modules/spark/currentValues.test.ts (SYNTHETIC other fields)'] },
    exchanges: node.exchanges.filter((exchange) => exchange.request.method === 'eth_call'),
  } as FixtureFile;
}

async function readOverReplay(fixture: FixtureFile, fault?: Fault) {
  const fixtures = [...(await loadFixtures()), fixture];
  const server = await startReplayServer({ fixtures });
  try {
    if (fault) server.faults.inject('ethereum', fault, 10);
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 2_000, retries: fault ? 0 : 2 }, env: {} });
    const before = server.received.ethereum;
    const readings = await sparkCurrentValues().readCurrentValues(CHANGES, { signal: new AbortController().signal, now: new Date(), upstreams });
    if (!fault) expect(missesOnRecordedUpstreams(server, fixtures).map((miss) => JSON.stringify(miss).slice(0, 600))).toEqual([]);
    return { readings, requests: server.received.ethereum - before };
  } finally {
    await server.close();
  }
}

const WHY_NOT = [
  { notRead: 'the asset is not an active reserve of SparkLend on chain' },
  { notRead: 'this parameter is not read on chain yet' },
  { notRead: 'only SparkLend Ethereum is read on chain yet' },
  { notRead: 'the asset is not a reserve SparkLend Ethereum lists here' },
  { notRead: 'a listing replaces no value: before it, the asset is not listed' },
];

describe('Spark’s old values read on chain (real fields in SYNTHETIC words)', () => {
  it('reads every reserve’s configuration word in one request and a curve’s point from the reserve’s strategy, in the changes’ units, and says why where it cannot', async () => {
    const { readings, requests } = await readOverReplay(await poolRecording());
    expect(readings).toEqual([{ value: 7900 }, { value: 'unfrozen' }, { value: 0 }, { value: 3500 }, { value: 'no cap' }, { value: 2_000_000_000 }, ...WHY_NOT, { value: 1.2 }, { value: 0.02109056441413821 }, { value: 9000 }]);
    expect(requests, 'HTTP requests to Ethereum (the words, then the strategy and its getters)').toBe(3);
    // The 2026-03-26 spell's stated old values are what the chain held before it.
    expect([2, 3].map((index) => readingVerdict(CHANGES[index]!, readings[index]!).kind)).toEqual(['agrees', 'agrees']);
  });

  it('costs a reverted read only its reserve’s changes, and an answer that does not decode only its own', async () => {
    const reverted = await readOverReplay(await poolRecording({ revert: RETH }));
    expect(reverted.readings.slice(0, 4)).toEqual([{ notRead: 'the contract refused the read' }, { notRead: 'the contract refused the read' }, { value: 0 }, { value: 3500 }]);
    const cut = await readOverReplay(await poolRecording({ truncate: WBTC }));
    expect(cut.readings.slice(0, 4)).toEqual([{ value: 7900 }, { value: 'unfrozen' }, { notRead: 'the contract’s answer could not be decoded' }, { notRead: 'the contract’s answer could not be decoded' }]);
  });

  it.each([
    ['answers HTTP 503', { kind: 'status', status: 503 } as const, /^could not be read on Ethereum \(ethereum: .*503/],
    ['answers what does not decode', { kind: 'malformed' } as const, /^could not be read on Ethereum \(/],
  ])('says "could not be read on Ethereum" when the chain %s, keeping the reasons it planned', async (_, fault, why) => {
    const { readings } = await readOverReplay(await poolRecording(), fault);
    for (const reading of readings.slice(0, 7)) expect(reading).toEqual({ notRead: expect.stringMatching(why) });
    expect(readings.slice(7, 11)).toEqual(WHY_NOT.slice(1));
    for (const reading of readings.slice(11)) expect(reading).toEqual({ notRead: expect.stringMatching(why) });
  });

  it('plans one getConfiguration per reserve on SparkLend Ethereum’s pool, with the ABI aave-v3-origin publishes', async () => {
    const [plan] = sparkPlans([CHANGES[0]!]);
    expect(plan).toMatchObject({ calls: [{ target: SPARKLEND_ETHEREUM.pool }] });
    expect(unpublishedItems(getConfigurationAbi as unknown as Abi, [snapshotAbis('aave-v3-origin-IPool@4fbd744').IPool!, await addressBookAbi('IPool')])).toEqual([]);
  });
});
