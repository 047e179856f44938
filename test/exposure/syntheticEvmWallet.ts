import type { Abi } from 'viem';
import { getAddress } from 'viem';
import { addressesProviderAbi, dataProviderAbi, oracleAbi, poolAbi, rateStrategyAbi } from '../../shared/readers/lendingPool/lendingPoolAbi.js';
import { cometAbi } from '../../shared/modules/compound/exposure/exposureAbi.js';
import { COMET_MARKETS } from '../../shared/modules/compound/exposure/markets.js';
import { comptrollerViewsAbi, cTokenViewsAbi, v2OracleAbi } from '../../shared/modules/compound/exposure/v2Abi.js';
import { LIDO } from '../../shared/modules/lido/exposure/deployment.js';
import { aggregatorAbi, stakingRouterAbi, wstEthAbi } from '../../shared/modules/lido/exposure/exposureAbi.js';
import { erc20BalanceAbi } from '../../shared/upstream/clients/erc20Balance.js';
import { morphoBlueAbi, oracleAbi as blueOracleAbi, vaultAbi } from '../../shared/modules/morpho/abi.js';
import { SPARKLEND_ETHEREUM, SPARKLEND_GNOSIS } from '../../shared/modules/spark/exposure/deployment.js';
import { poolV30Abi, rateStrategyV30Abi } from '../../shared/readers/lendingPool/lendingPoolAbi.js';
import { multicall3Abi } from '../../shared/upstream/clients/ethereumReader.js';
import { erc20SymbolAbi } from '../../shared/upstream/clients/erc20Symbol.js';
import { AAVE_V3_ETHEREUM } from '../../shared/modules/aave/exposure/deployment.js';
import { AAVE_MARKETS } from '../../shared/modules/aave/exposure/markets.js';
import type { UpstreamId } from '../../shared/upstream/endpoints.js';
import type { FixtureFile } from '../../shared/upstream/replay/fixtureFormat.js';
import { createUpstreams, type Upstreams } from '../../shared/upstream/upstreams.js';
import { TEST_POLICY } from '../upstream/replayHarness.js';
import { syntheticChain, type SyntheticState, tokenRebasedLog } from './syntheticChain.js';
import { SKY_ABIS, skyAnswer, SKY_HOLDER_BALANCES } from '../modules/sky/skyChain.js';
import { V4_ABIS, v4Answer, V4_HOLDER_POSITIONS } from '../modules/aave/v4/v4Chain.js';
import { stewardViewAnswer, stewardViewsAbi } from './syntheticStewardViews.js';

/*
 * A synthetic wallet in aave, compound and lido (and in nothing of morpho or SparkLend, whose reads it answers), for request counts and round-trip latency only
 * (test/exposure/evmRoundTrips.test.ts, bench/positions.ts): no real account's full state was
 * published (test/fixtures/upstream/ethereum/evm-exposure.md). Never written to test/fixtures and
 * never asserted as facts about a chain.
 */
export const HOLDER = getAddress('0x1111111111111111111111111111111111111111');
export const BLOCK = 21_000_000n;
export const WETH = getAddress('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2');
export const USDC = getAddress('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
export const RESERVES = [WETH, getAddress('0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0'), getAddress('0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599'), USDC];
export const DATA_PROVIDER = getAddress('0x0a16f2FCC0D44FaE41cc54e079281D84A363bECD');
export const FEED = getAddress('0x8fFfFfd4AfB6115b954Bd326cbe7B4BA576818f6');
export const RATE_STRATEGY = getAddress('0x9ec6F08190DeA04A54f8Afc53Db96134e5E3FdFB');
export const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
/** The data provider every Aave market but Ethereum Core answers (synthetic). */
export const OTHER_DATA_PROVIDER = getAddress('0x3333333333333333333333333333333333333333');
/** Beside Ethereum Core, the chains whose Aave market the holder is in (the same WETH supply and USDC debt). */
export const AAVE_HOLDING_CHAINS: readonly UpstreamId[] = ['arbitrum', 'base'];
/** Every chain an Aave market sits on: each has an upstream the synthetic chain answers. */
export const AAVE_CHAINS: readonly UpstreamId[] = [...new Set(AAVE_MARKETS.map((market) => market.chain))];
/** Every chain an EVM scan reads: Aave's, Morpho's Base and the Comets' (Unichain's is no Aave chain). Each has an upstream the synthetic chain answers. */
export const EVM_SCAN_CHAINS: readonly UpstreamId[] = [...new Set<UpstreamId>([...AAVE_CHAINS, 'base', ...COMET_MARKETS.map((market) => market.chain)])];
const SYMBOLS: Readonly<Record<string, string>> = { [WETH.toLowerCase()]: 'WETH', [USDC.toLowerCase()]: 'USDC', [RESERVES[1]!.toLowerCase()]: 'wstETH', [RESERVES[2]!.toLowerCase()]: 'WBTC' };
/** Whether the Aave pool `target` on `chain` holds the holder's account: Core on Ethereum, the one market of a holding chain. */
const aaveHolds = (target: string, chain: UpstreamId): boolean => (chain === 'ethereum' ? same(target, AAVE_V3_ETHEREUM.pool) : AAVE_HOLDING_CHAINS.includes(chain));
/** Compound v2: cETH, cUSDC (compound-protocol networks/mainnet.json) and a synthetic oracle address. */
export const CETH = getAddress('0x4Ddc2D193948926D02f9B1fE9e1daa0718270ED5');
export const CUSDC = getAddress('0x39AA39c021dfbaE8faC545936693aC917d5E7563');
export const V2_ORACLE = getAddress('0x2222222222222222222222222222222222222222');

/** The holder's chain: supplies WETH and borrows USDC on Aave (Ethereum Core, Arbitrum and Base; nothing in the other markets), supplies USDC on Comet, supplies ETH and borrows USDC on Compound v2, holds stETH and wstETH, and 10,000 sUSDS. */
export const holderState: SyntheticState = {
  answer(target, functionName, args, _block, chain = 'ethereum') {
    const result = (abi: readonly unknown[], value: unknown) => ({ abi: abi as Abi, result: value });
    // Sky (test/modules/sky/skyChain.ts): 10,000 sUSDS at the SSR, nothing else of Sky's.
    const sky = chain === 'ethereum' ? skyAnswer(target, functionName, args, () => SKY_HOLDER_BALANCES) : undefined;
    if (sky) return sky;
    // Aave v4 (test/modules/aave/v4/v4Chain.ts): 5 WETH against 6,000 USDC in the Main spoke, nothing in the other spokes.
    const v4 = v4Answer(target, functionName, args, (user) => (same(user, HOLDER) ? V4_HOLDER_POSITIONS : {}));
    if (v4) return v4;
    // The RiskStewards' views the scan reads for the markets a wallet holds: the deploy script's defaults, no change yet, nothing restricted.
    const steward = stewardViewAnswer(functionName);
    if (steward) return steward;
    switch (functionName) {
      case 'getBlockNumber':
        return result(multicall3Abi, BLOCK);
      case 'getUserAccountData':
        if (!same(target, SPARKLEND_ETHEREUM.pool) && !aaveHolds(target, chain)) return result(poolAbi, [0n, 0n, 0n, 0n, 0n, 2n ** 256n - 1n]);
        return result(poolAbi, [60_000n * 10n ** 8n, 30_000n * 10n ** 8n, 0n, 8300n, 8050n, 166n * 10n ** 16n]);
      case 'getReservesList':
        return result(poolAbi, RESERVES);
      case 'getUserEMode':
        return result(poolAbi, 0n);
      case 'getPoolDataProvider':
        if (same(target, SPARKLEND_ETHEREUM.addressesProvider)) return result(addressesProviderAbi, SPARKLEND_ETHEREUM.dataProvider);
        return result(addressesProviderAbi, chain === 'ethereum' && same(target, AAVE_V3_ETHEREUM.addressesProvider) ? DATA_PROVIDER : OTHER_DATA_PROVIDER);
      case 'getUserReserveData':
        // SparkLend: the same reserve list, nothing held.
        if (same(target, SPARKLEND_ETHEREUM.dataProvider)) return result(dataProviderAbi, [0n, 0n, 0n, 0n, 0n, 0n, 0n, 0, false]);
        // Prime, EtherFi, Horizon and the chains the holder is not on: the same reserves, nothing held.
        if (same(target, OTHER_DATA_PROVIDER) && (chain === 'ethereum' || !AAVE_HOLDING_CHAINS.includes(chain))) return result(dataProviderAbi, [0n, 0n, 0n, 0n, 0n, 0n, 0n, 0, false]);
        // Every reserve is asked; the holder supplies WETH and borrows USDC.
        if (same(args[0], WETH)) return result(dataProviderAbi, [20n * 10n ** 18n, 0n, 0n, 0n, 0n, 0n, 0n, 0, true]);
        return result(dataProviderAbi, [0n, 0n, same(args[0], USDC) ? 30_000n * 10n ** 6n : 0n, 0n, 0n, 0n, 0n, 0, false]);
      case 'getReserveConfigurationData':
        return same(args[0], WETH)
          ? result(dataProviderAbi, [18n, 8050n, 8300n, 10500n, 1500n, true, true, false, true, false])
          : result(dataProviderAbi, [6n, 7500n, 7800n, 10450n, 1000n, true, true, false, true, false]);
      case 'getReserveData':
        // SparkLend's v3.0 Pool.getReserveData (Ethereum's and Gnosis'): no eMode category, a synthetic strategy and aToken.
        if (same(target, SPARKLEND_ETHEREUM.pool) || (chain === 'gnosis' && same(target, SPARKLEND_GNOSIS.pool))) return result(poolV30Abi, { configuration: { data: 0n }, liquidityIndex: 10n ** 27n, currentLiquidityRate: 0n, variableBorrowIndex: 10n ** 27n, currentVariableBorrowRate: 0n, currentStableBorrowRate: 0n, lastUpdateTimestamp: 0, id: 0, aTokenAddress: HOLDER, stableDebtTokenAddress: HOLDER, variableDebtTokenAddress: HOLDER, interestRateStrategyAddress: RATE_STRATEGY, accruedToTreasury: 0n, unbacked: 0n, isolationModeTotalDebt: 0n });
        return result(dataProviderAbi, [0n, 0n, 0n, 0n, 0n, 2n * 10n ** 25n, 5n * 10n ** 25n, 0n, 0n, 10n ** 27n, 10n ** 27n, 0]);
      case 'getAssetsPrices':
        return result(oracleAbi, (args[0] as string[]).map((asset) => (same(asset, USDC) ? 10n ** 8n : 3000n * 10n ** 8n)));
      case 'RESERVE_INTEREST_RATE_STRATEGY':
        return result(poolAbi, RATE_STRATEGY);
      case 'getVirtualUnderlyingBalance':
        return result(poolAbi, 10_000n * 10n ** 6n);
      case 'getInterestRateDataBps':
        return result(rateStrategyAbi, { optimalUsageRatio: 9000, baseVariableBorrowRate: 0, variableRateSlope1: 550, variableRateSlope2: 6000 });
      case 'symbol':
        return SYMBOLS[String(target).toLowerCase()] ? result(erc20SymbolAbi, SYMBOLS[String(target).toLowerCase()]) : undefined;
      case 'balanceOf':
        if (same(target, LIDO.stETH)) return result(erc20BalanceAbi, 8n * 10n ** 18n);
        if (same(target, LIDO.wstETH)) return result(wstEthAbi, 2n * 10n ** 18n);
        return result(cometAbi, same(target, COMET_MARKETS[0]!.comet) ? 10_000n * 10n ** 6n : 0n);
      case 'borrowBalanceOf':
        return result(cometAbi, 0n);
      // Every Comet's base is USDC (6 decimals) but Ethereum's WETH Comet's; other contracts' decimals() revert, as before.
      case 'baseToken':
        return result(cometAbi, same(target, COMET_MARKETS[1]!.comet) ? WETH : USDC);
      case 'decimals':
        if (!COMET_MARKETS.some((market) => same(target, market.comet))) return undefined;
        return result(cometAbi, same(target, COMET_MARKETS[1]!.comet) ? 18 : 6);
      case 'userBasic':
        return result(cometAbi, [same(target, COMET_MARKETS[0]!.comet) ? 9_000n * 10n ** 6n : 0n, 0n, 0n, 0, 0]);
      case 'getUtilization':
        return result(cometAbi, 9n * 10n ** 17n);
      case 'baseTokenPriceFeed':
        return result(cometAbi, FEED);
      case 'getAssetInfo':
        // Two collateral slots listed; past numAssets Comet reverts (BadAsset).
        return (args[0] as number) < 2 ? result(cometAbi, { offset: args[0], asset: WETH, priceFeed: FEED, scale: 10n ** 18n, borrowCollateralFactor: 8n * 10n ** 17n, liquidateCollateralFactor: 85n * 10n ** 16n, liquidationFactor: 9n * 10n ** 17n, supplyCap: 0n }) : undefined;
      case 'supplyKink':
      case 'borrowKink':
        return result(cometAbi, 9n * 10n ** 17n);
      case 'supplyPerSecondInterestRateSlopeLow':
      case 'borrowPerSecondInterestRateSlopeLow':
        return result(cometAbi, 1_500_000_000n);
      case 'supplyPerSecondInterestRateSlopeHigh':
      case 'borrowPerSecondInterestRateSlopeHigh':
        return result(cometAbi, 100_000_000_000n);
      case 'supplyPerSecondInterestRateBase':
        return result(cometAbi, 0n);
      case 'borrowPerSecondInterestRateBase':
        return result(cometAbi, 300_000_000n);
      case 'getPrice':
        return result(cometAbi, 10n ** 8n);
      // Compound v2: 100 cETH (2 ETH at an exchange rate of 0.02) entered as collateral at CF 0.825, 1,000 USDC borrowed.
      case 'oracle':
        return result(comptrollerViewsAbi, V2_ORACLE);
      case 'getAssetsIn':
        return result(comptrollerViewsAbi, [CETH, CUSDC]);
      case 'getAccountSnapshot':
        if (same(target, CETH)) return result(cTokenViewsAbi, [0n, 100n * 10n ** 8n, 0n, 2n * 10n ** 26n]);
        return result(cTokenViewsAbi, [0n, 0n, same(target, CUSDC) ? 1_000n * 10n ** 6n : 0n, 2n * 10n ** 14n]);
      case 'markets':
        return result(comptrollerViewsAbi, [true, same(args[0], CETH) ? 825n * 10n ** 15n : 0n, false]);
      case 'supplyRatePerBlock':
        return result(cTokenViewsAbi, 5_000_000_000n);
      case 'borrowRatePerBlock':
        return result(cTokenViewsAbi, 20_000_000_000n);
      case 'getUnderlyingPrice':
        // USD per unit scaled by 1e(36 − decimals): ETH 3,000 × 1e18, USDC 1 × 1e30.
        if (!same(target, V2_ORACLE)) return undefined;
        return result(v2OracleAbi, same(args[0], CETH) ? 3000n * 10n ** 18n : same(args[0], CUSDC) ? 10n ** 30n : 10n ** 18n);
      case 'stEthPerToken':
        return result(wstEthAbi, 12n * 10n ** 17n);
      case 'latestRoundData':
        return result(aggregatorAbi, [1n, 3000n * 10n ** 8n, 1n, 1n, 1n]);
      // Morpho: no vault shares (balanceOf above answers 0 off Comet's USDC market) and no Blue position.
      case 'fee':
        return result(vaultAbi, 0n);
      case 'position':
        return result(morphoBlueAbi, [0n, 0n, 0n]);
      case 'market':
        return result(morphoBlueAbi, [0n, 0n, 0n, 0n, 0n, 0n]);
      case 'price':
        return result(blueOracleAbi, 10n ** 36n);
      case 'getStakingFeeAggregateDistribution':
        return result(stakingRouterAbi, [5n * 10n ** 18n, 5n * 10n ** 18n, 100n * 10n ** 18n]);
      case 'getAllStakingModuleDigests':
        // Two modules of 5 % + 5 % with 300 and 100 active validators: the aggregate's 10 % above.
        return result(stakingRouterAbi, [syntheticModuleDigest(1, 300n), syntheticModuleDigest(2, 100n)]);
      default:
        return undefined;
    }
  },
  logs: () => [tokenRebasedLog([86_400n, 10n ** 24n, 12n * 10n ** 23n, 10n ** 24n, 12n * 10n ** 23n + 10n ** 20n, 0n], 1n, BLOCK - 10n)],
};

/** A StakingRouter module digest with 5 % module and 5 % treasury fees and `active` validators (deposited, none exited). */
function syntheticModuleDigest(id: number, active: bigint) {
  const state = { id, stakingModuleAddress: HOLDER, stakingModuleFee: 500, treasuryFee: 500, stakeShareLimit: 10_000, status: 0, name: `module ${id}`, lastDepositAt: 0n, lastDepositBlock: 0n, exitedValidatorsCount: 0n, priorityExitShareThreshold: 10_000, maxDepositsPerBlock: 0n, minDepositBlockDistance: 0n };
  return { nodeOperatorsCount: 1n, activeNodeOperatorsCount: 1n, state, summary: { totalExitedValidators: 0n, totalDepositedValidators: active, depositableValidatorsCount: 0n } };
}

export const ABIS = [erc20SymbolAbi, poolAbi, addressesProviderAbi, dataProviderAbi, oracleAbi, rateStrategyAbi, cometAbi, comptrollerViewsAbi, cTokenViewsAbi, v2OracleAbi, erc20BalanceAbi, wstEthAbi, aggregatorAbi, stakingRouterAbi, vaultAbi, morphoBlueAbi, blueOracleAbi, poolV30Abi, rateStrategyV30Abi, ...SKY_ABIS, ...V4_ABIS, stewardViewsAbi] as unknown as Abi[];


/**
 * Runs `scans` one after another on ONE set of upstreams over the synthetic chain (so later scans
 * find the reader warm), and returns what each gave with every exchange as an in-memory fixture
 * the replay server can serve over HTTP, like a recording: `fixture` for ethereum, and in
 * `fixtures` beside it every other chain's (morpho reads Base vaults, aave every chain's markets).
 * `state` answers the calls: the holder above unless a test extends it (an L2 Comet holder).
 */
export async function captureScans<T>(
  scans: number,
  scan: (upstreams: Upstreams) => Promise<T>,
  state: SyntheticState = holderState,
): Promise<{ fixture: FixtureFile; fixtures: FixtureFile[]; results: T[] }> {
  const chain = syntheticChain(ABIS, state);
  const upstreams = createUpstreams({ endpoints: syntheticEndpoints(), fetch: chain.fetch, policy: TEST_POLICY, env: {} });
  const results: T[] = [];
  for (let run = 0; run < scans; run++) results.push(await scan(upstreams));
  const recorded = (upstream: UpstreamId, exchanges: readonly unknown[]) =>
    ({
      upstream,
      protocol: 'json-rpc',
      description: 'synthetic exchanges of test/exposure/syntheticEvmWallet.ts (in memory, never a fixture file)',
      source: { kind: 'encoded', references: ['test/exposure/syntheticEvmWallet.ts (synthetic test vectors)'] },
      exchanges,
    }) as FixtureFile;
  const fixture = recorded('ethereum', chain.exchanges);
  const others = [...chain.byChain].filter(([upstream, exchanges]) => upstream !== 'ethereum' && exchanges.length > 0).map(([upstream, exchanges]) => recorded(upstream, exchanges));
  return { fixture, fixtures: [fixture, ...others], results };
}

/** A synthetic URL for every chain an EVM scan reads (syntheticChain answers each as its chain). */
export const syntheticEndpoints = (): Partial<Record<UpstreamId, string>> =>
  Object.fromEntries([['ethereum', 'http://synthetic.invalid/'], ...EVM_SCAN_CHAINS.filter((id) => id !== 'ethereum').map((id) => [id, `http://synthetic-${id}.invalid/`])]);
