import { type Abi, type Address, getAddress, maxUint256 } from 'viem';
import { SPARKLEND_ETHEREUM } from '../../../shared/modules/spark/exposure/deployment.js';
import { addressesProviderAbi, dataProviderAbi, oracleAbi, poolAbi, poolV30Abi, rateStrategyAbi, rateStrategyV30Abi } from '../../../shared/readers/lendingPool/lendingPoolAbi.js';
import { erc20BalanceAbi } from '../../../shared/upstream/clients/erc20Balance.js';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import type { SyntheticState } from '../../exposure/syntheticChain.js';
import { holderState } from '../../exposure/syntheticEvmWallet.js';

/*
 * A SYNTHETIC SparkLend (v3.0) chain state for the shared lending-pool reader's tests: protocol-exact
 * answers (the sparklend-v1-core ABI: v3.0 ReserveData, getEModeCategoryData, per-reserve strategies
 * with their ray getters), served by test/exposure/syntheticChain.ts. No real SparkLend account's
 * state was published, so the WALLETS and their balances, the reserve order, prices, totals and cash
 * are synthetic test vectors, never a real account. The reserve parameters that WERE published are
 * real and say where they come from (sparkdotfi/spark-spells diffs/ @372770a, reports of the spells'
 * fork tests; contract addresses from sparkdotfi/spark-address-registry @5348de2).
 */

export const BLOCK = 24_900_000n;
export const WETH = getAddress('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2');
export const WSTETH = getAddress('0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0');
export const USDC = getAddress('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
export const USDT = getAddress('0xdAC17F958D2ee523a2206206994597C13D831ec7');
/** Synthetic reserve order (Pool.getReservesList's real order was not published). */
export const RESERVES: Address[] = [WETH, WSTETH, USDC, USDT];
export const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/** spTokens (registry SparkLend.sol WETH_SPTOKEN, WSTETH_SPTOKEN, USDC_SPTOKEN, USDT_SPTOKEN). */
export const SP_TOKENS: Record<string, Address> = {
  [WETH]: '0x59cD1C87501baa753d0B5B5Ab5D8416A45cD71DB',
  [WSTETH]: '0x12B54025C112Aa61fAce2CDB7118740875A566E9',
  [USDC]: '0x377C3bd93f2a2984E1E7bE6A5C22c525eD4A4815',
  [USDT]: '0xe7dF13b8e3d6740fe17CBE928C7334243d86c92f',
};

const RAY = 10n ** 27n;

/** A v3.0 strategy's curve in ray, as its getters answer. */
export interface CurveRay {
  optimal: bigint;
  base: bigint;
  slope1: bigint;
  slope2: bigint;
}

/**
 * Real strategies and curves from the 2026-04-23 spell's diff (diffs/20260423-Ethereum-…-post.md):
 * WETH's IRM 0x4FD8… (slope1 2.109056441413821 %, slope2 120 %) replaced by 0xDFB6… (slope1
 * 23090564414138210000000000, slope2 75 %, optimal 90 %), and USDT's 0x2961… by 0x4E49… (optimal
 * 95 %, slope1 41813973144203954141840000, slope2 15 %). The old WETH curve's optimal ratio is not in
 * the diff (it did not change): 90 %. The wstETH and USDC strategies are synthetic addresses.
 */
export const STRATEGIES = {
  wethBefore: { address: getAddress('0x4FD869adB651917D5c2591DD7128Ae6e1C24bDD5'), curve: { optimal: 9n * 10n ** 26n, base: 0n, slope1: 21_090_564_414_138_210_000_000_000n, slope2: 12n * 10n ** 26n } },
  weth: { address: getAddress('0xDFB6206FfC5BA5B48D2852370ee6A1bf6887476a'), curve: { optimal: 9n * 10n ** 26n, base: 0n, slope1: 23_090_564_414_138_210_000_000_000n, slope2: 75n * 10n ** 25n } },
  usdt: { address: getAddress('0x4E494988E68e6Fc52309BE4937869e27F0C304AC'), curve: { optimal: 95n * 10n ** 25n, base: 0n, slope1: 41_813_973_144_203_954_141_840_000n, slope2: 15n * 10n ** 25n } },
  wsteth: { address: getAddress('0x5555555555555555555555555555555555555555'), curve: { optimal: 45n * 10n ** 25n, base: 0n, slope1: 2n * 10n ** 25n, slope2: 3n * RAY } },
  usdc: { address: getAddress('0x6666666666666666666666666666666666666666'), curve: { optimal: 95n * 10n ** 25n, base: 0n, slope1: 4n * 10n ** 25n, slope2: 15n * 10n ** 25n } },
} satisfies Record<string, { address: Address; curve: CurveRay }>;

/**
 * Reserve parameters: WETH LTV 85 % / LT 86 % and wstETH 83 % / 84 % (diffs/20250821), wstETH's
 * reserve factor 30 % (diffs/20250109), USDC's 1 % (diffs/20251002) in eMode category 2 (diffs/20231011);
 * WETH's and USDT's reserve factors, USDT's LTV and every liquidation bonus are synthetic.
 */
const CONFIG: Record<string, { decimals: bigint; ltv: bigint; lt: bigint; bonus: bigint; reserveFactor: bigint; eModeCategory: bigint }> = {
  [WETH]: { decimals: 18n, ltv: 8500n, lt: 8600n, bonus: 10500n, reserveFactor: 500n, eModeCategory: 0n },
  [WSTETH]: { decimals: 18n, ltv: 8300n, lt: 8400n, bonus: 10600n, reserveFactor: 3000n, eModeCategory: 0n },
  [USDC]: { decimals: 6n, ltv: 0n, lt: 0n, bonus: 0n, reserveFactor: 100n, eModeCategory: 2n },
  [USDT]: { decimals: 6n, ltv: 0n, lt: 0n, bonus: 0n, reserveFactor: 1000n, eModeCategory: 2n },
};

/** eMode category 2, 'USD': LTV 91 %, LT 92 %, bonus 1 %, no price source (diffs/20231011, 20250417). */
export const USD_EMODE = { ltv: 9100, liquidationThreshold: 9200, liquidationBonus: 10100, priceSource: '0x0000000000000000000000000000000000000000' as Address, label: 'USD' };

/** Synthetic reserve totals: total variable debt and the cash its aToken holds (units of the token). */
const TOTALS: Record<string, { debt: bigint; cash: bigint }> = {
  [WETH]: { debt: 60_000n * 10n ** 18n, cash: 40_000n * 10n ** 18n },
  [WSTETH]: { debt: 0n, cash: 100_000n * 10n ** 18n },
  [USDC]: { debt: 300_000_000n * 10n ** 6n, cash: 100_000_000n * 10n ** 6n },
  [USDT]: { debt: 600_000_000n * 10n ** 6n, cash: 400_000_000n * 10n ** 6n },
};

/** Synthetic oracle prices, USD with 8 decimals. */
const PRICES: Record<string, bigint> = { [WETH]: 3000n * 10n ** 8n, [WSTETH]: 3600n * 10n ** 8n, [USDC]: 10n ** 8n, [USDT]: 10n ** 8n };

/** The borrow rate a 2-slope v3.0 strategy gives at `debt / (cash + debt)`, in ray (VariableBorrowInterestRateStrategy.calculateInterestRates, integer steps). */
export function borrowRateRay(curve: CurveRay, debt: bigint, cash: bigint): bigint {
  if (debt === 0n) return curve.base;
  const usage = (debt * RAY + (cash + debt) / 2n) / (cash + debt);
  if (usage > curve.optimal) return curve.base + curve.slope1 + (curve.slope2 * ((usage - curve.optimal) * RAY)) / (RAY - curve.optimal) / RAY;
  return curve.base + (curve.slope1 * usage) / curve.optimal;
}

/** A wallet's synthetic balances per reserve: [aToken, stable debt, variable debt, as collateral]. */
export type Balances = Record<string, [bigint, bigint, bigint, boolean]>;

export interface SparkWallet {
  balances: Balances;
  account: { collateralBase: bigint; debtBase: bigint; healthFactor: bigint };
  eMode?: number;
}

/** A synthetic wallet: 10 WETH as collateral, 12,000 USDT borrowed; HF from the chain (synthetic). */
export const BORROWER: SparkWallet = {
  balances: { [WETH]: [10n * 10n ** 18n, 0n, 0n, true], [USDT]: [0n, 0n, 12_000n * 10n ** 6n, false] },
  account: { collateralBase: 30_000n * 10n ** 8n, debtBase: 12_000n * 10n ** 8n, healthFactor: 2_150_000_000_000_000_000n },
};

/** A synthetic wallet in the USD eMode category: 50,000 USDC as collateral and 1 WETH, 40,000 USDT borrowed. */
export const EMODE_BORROWER: SparkWallet = {
  balances: { [USDC]: [50_000n * 10n ** 6n, 0n, 0n, true], [WETH]: [10n ** 18n, 0n, 0n, true], [USDT]: [0n, 0n, 40_000n * 10n ** 6n, false] },
  account: { collateralBase: 53_000n * 10n ** 8n, debtBase: 40_000n * 10n ** 8n, healthFactor: 1_210_000_000_000_000_000n },
  eMode: 2,
};

export const NOBODY: SparkWallet = { balances: {}, account: { collateralBase: 0n, debtBase: 0n, healthFactor: maxUint256 } };

export const SPARK_ABIS = [poolAbi, poolV30Abi, addressesProviderAbi, dataProviderAbi, oracleAbi, rateStrategyAbi, rateStrategyV30Abi, erc20BalanceAbi] as unknown as Abi[];

const result = (abi: readonly unknown[], value: unknown) => ({ abi: abi as Abi, result: value });

/**
 * The SparkLend state for `wallet`; `strategyOf` names each reserve's strategy (WETH's may be
 * swapped between two scans, as the 2026-04-23 spell did). Pool, addresses provider, data provider
 * and oracle are SparkLend's real addresses; any other target is not answered.
 */
export function sparkLendState(wallet: SparkWallet, strategyOf: (asset: Address) => { address: Address; curve: CurveRay } = defaultStrategy): SyntheticState {
  const strategies = Object.values(STRATEGIES);
  return {
    answer(target, functionName, args) {
      const onPool = same(target, SPARKLEND_ETHEREUM.pool);
      const onProvider = same(target, SPARKLEND_ETHEREUM.dataProvider);
      const asset = RESERVES.find((reserve) => same(args[0], reserve));
      switch (functionName) {
        case 'getBlockNumber':
          return result(multicall3Abi, BLOCK);
        case 'getUserAccountData':
          return onPool ? result(poolAbi, [wallet.account.collateralBase, wallet.account.debtBase, 0n, 0n, 0n, wallet.account.healthFactor]) : undefined;
        case 'getReservesList':
          return onPool ? result(poolAbi, RESERVES) : undefined;
        case 'getUserEMode':
          return onPool ? result(poolAbi, BigInt(wallet.eMode ?? 0)) : undefined;
        case 'getPoolDataProvider':
          return same(target, SPARKLEND_ETHEREUM.addressesProvider) ? result(addressesProviderAbi, SPARKLEND_ETHEREUM.dataProvider) : undefined;
        case 'getUserReserveData': {
          if (!onProvider || !asset) return undefined;
          const [aToken, stable, variable, collateral] = wallet.balances[asset] ?? [0n, 0n, 0n, false];
          return result(dataProviderAbi, [aToken, stable, variable, stable, variable, stable > 0n ? 5n * 10n ** 25n : 0n, 0n, 0, collateral]);
        }
        case 'getReserveConfigurationData': {
          if (!onProvider || !asset) return undefined;
          const config = CONFIG[asset]!;
          return result(dataProviderAbi, [config.decimals, config.ltv, config.lt, config.bonus, config.reserveFactor, config.lt > 0n, true, false, true, false]);
        }
        case 'getReserveData': {
          if (!asset) return undefined;
          const { debt, cash } = TOTALS[asset]!;
          const strategy = strategyOf(asset);
          const borrowRate = borrowRateRay(strategy.curve, debt, cash);
          if (onProvider) return result(dataProviderAbi, [0n, 0n, debt + cash, 0n, debt, borrowRate / 2n, borrowRate, 0n, 0n, RAY, RAY, 1_776_000_000]);
          if (!onPool) return undefined;
          const config = CONFIG[asset]!;
          // DataTypes.ReserveConfigurationMap: LTV 0–15, LT 16–31, bonus 32–47, decimals 48–55, reserve factor 64–79, eMode 168–175.
          const data = config.ltv | (config.lt << 16n) | (config.bonus << 32n) | (config.decimals << 48n) | (1n << 56n) | (1n << 58n) | (config.reserveFactor << 64n) | (config.eModeCategory << 168n);
          return result(poolV30Abi, {
            configuration: { data },
            liquidityIndex: RAY,
            currentLiquidityRate: borrowRate / 2n,
            variableBorrowIndex: RAY,
            currentVariableBorrowRate: borrowRate,
            currentStableBorrowRate: 0n,
            lastUpdateTimestamp: 1_776_000_000,
            id: RESERVES.indexOf(asset),
            aTokenAddress: SP_TOKENS[asset]!,
            stableDebtTokenAddress: '0x0000000000000000000000000000000000000001',
            variableDebtTokenAddress: '0x0000000000000000000000000000000000000002',
            interestRateStrategyAddress: strategy.address,
            accruedToTreasury: 0n,
            unbacked: 0n,
            isolationModeTotalDebt: 0n,
          });
        }
        case 'getAssetsPrices':
          return same(target, SPARKLEND_ETHEREUM.oracle) ? result(oracleAbi, (args[0] as Address[]).map((reserve) => PRICES[getAddress(reserve)] ?? 0n)) : undefined;
        case 'getEModeCategoryData':
          return onPool && args[0] === 2 ? result(poolV30Abi, USD_EMODE) : undefined;
        case 'OPTIMAL_USAGE_RATIO':
        case 'getBaseVariableBorrowRate':
        case 'getVariableRateSlope1':
        case 'getVariableRateSlope2': {
          const strategy = strategies.find((candidate) => same(target, candidate.address));
          if (!strategy) return undefined;
          const { optimal, base, slope1, slope2 } = strategy.curve;
          const value = { OPTIMAL_USAGE_RATIO: optimal, getBaseVariableBorrowRate: base, getVariableRateSlope1: slope1, getVariableRateSlope2: slope2 }[functionName];
          return result(rateStrategyV30Abi, value);
        }
        case 'balanceOf': {
          const reserve = RESERVES.find((candidate) => same(target, candidate));
          return reserve && same(args[0], SP_TOKENS[reserve]!) ? result(erc20BalanceAbi, TOTALS[reserve]!.cash) : undefined;
        }
        default:
          // v3.2+ views (RESERVE_INTEREST_RATE_STRATEGY, getVirtualUnderlyingBalance, eMode bitmaps…) do not exist on v3.0: they revert.
          return undefined;
      }
    },
  };
}

function defaultStrategy(asset: Address): { address: Address; curve: CurveRay } {
  if (same(asset, WETH)) return STRATEGIES.weth;
  if (same(asset, USDT)) return STRATEGIES.usdt;
  if (same(asset, USDC)) return STRATEGIES.usdc;
  return STRATEGIES.wsteth;
}

/** The reserve totals the chain reports, for expected utilizations. */
export const totalsOf = (asset: Address) => TOTALS[asset]!;

/**
 * SparkLend's answers for its own contracts (pool, provider, data provider, oracle, reserves'
 * cash, strategies), the synthetic Aave/Compound/Lido holder's (test/exposure/syntheticEvmWallet.ts)
 * for every other: one chain where a wallet is in both lending pools.
 */
export function withAaveHolder(spark: SyntheticState): SyntheticState {
  const sparkTargets = [SPARKLEND_ETHEREUM.pool, SPARKLEND_ETHEREUM.addressesProvider, SPARKLEND_ETHEREUM.dataProvider, SPARKLEND_ETHEREUM.oracle, ...RESERVES, ...Object.values(STRATEGIES).map((strategy) => strategy.address)];
  return {
    answer(target, functionName, args, block) {
      const forSpark = functionName !== 'getBlockNumber' && sparkTargets.some((candidate) => same(target, candidate));
      return forSpark ? spark.answer(target, functionName, args, block) : holderState.answer(target, functionName, args, block);
    },
  };
}
