import { type Address, decodeFunctionResult, encodeFunctionData, getAddress, type Hex, zeroAddress } from 'viem';
import { addressWord, callData, zeroWords } from '../../upstream/clients/abiWords.js';
import { blockNumberCall, decodeUint, type EvmCall, type EvmResult, expectSuccess } from '../../upstream/clients/ethereumReader.js';
import { erc20SymbolCall, erc20SymbolOf } from '../../upstream/clients/erc20Symbol.js';
import type { LendingPoolReserveRead } from './accountRead.js';
import { erc20BalanceAbi } from '../../upstream/clients/erc20Balance.js';
import { addressesProviderAbi, dataProviderAbi, oracleAbi, poolAbi, poolV30Abi, rateStrategyAbi, rateStrategyV30Abi } from './lendingPoolAbi.js';
import type { LendingPoolMarket, ReserveContracts } from './lendingPoolMarket.js';
import type { RateCurveBps, RateCurveRay } from './rateModel.js';
import { uiUserReservesCall } from './uiUserReserves.js';
import { assetPricesOf, rateCurveBpsOf, reserveConfigurationOf, reserveDataOf, userReserveOf, virtualBalanceOf } from './reserveAnswers.js';

const call = (target: Address, callData: Hex): EvmCall => ({ target, callData });

/**
 * Calldata that names no wallet, encoded once per process: the same few thousand reads (every
 * market's reserves, strategies, categories) recur in every scan, and encoding them each time was a
 * large part of a scan's CPU (bench/scanCpu.ts). Bounded: cleared if ever it grows past the markets'.
 */
const encodedOnce = new Map<string, Hex>();
function once(key: string, encode: () => Hex): Hex {
  let data = encodedOnce.get(key);
  if (data === undefined) {
    if (encodedOnce.size >= 50_000) encodedOnce.clear();
    encodedOnce.set(key, (data = encode()));
  }
  return data;
}

/** The selectors of the reads that name the wallet, whose calldata is the selector and address words. */
const GET_USER_ACCOUNT_DATA = encodeFunctionData({ abi: poolAbi, functionName: 'getUserAccountData', args: [zeroAddress] }).slice(0, 10) as Hex;
const GET_USER_EMODE = encodeFunctionData({ abi: poolAbi, functionName: 'getUserEMode', args: [zeroAddress] }).slice(0, 10) as Hex;
const GET_USER_RESERVE_DATA = encodeFunctionData({ abi: dataProviderAbi, functionName: 'getUserReserveData', args: [zeroAddress, zeroAddress] }).slice(0, 10) as Hex;

/** PoolDataProvider.getUserReserveData(asset, user): the wallet's balances in one reserve. Pure. */
export const userReserveCall = (dataProvider: Address, asset: Address, user: Address): EvmCall => call(dataProvider, callData(GET_USER_RESERVE_DATA, addressWord(asset), addressWord(user)));

/**
 * Whether a getUserReserveData answer holds nothing: no aToken balance, stable or variable debt (its
 * first three words). Read without decoding the rest, since an empty wallet's scan asks it of every
 * reserve of every market. Pure.
 */
export const holdsNothing = (answer: Hex): boolean => zeroWords(answer, 3);

/** The market's layout as a round-one answer gives it: what the per-reserve round is asked of. */
export interface MarketShape {
  dataProvider: Address;
  /** Pool.getReservesList, in order (a reserve's index is its id). */
  reserves: readonly Address[];
  /** The eMode categories whose configuration the round asks (0, no category, is never asked). */
  eModeIds: readonly number[];
  /** v3.2+: Pool.RESERVE_INTEREST_RATE_STRATEGY, when the pool answered it: whose curves the round asks. */
  rateStrategy?: Address;
  /**
   * v3.0: each reserve's strategy and aToken (lower-case asset) as an earlier round two read them
   * or, before any did, as the market declares them: whose curve and cash the round asks, each
   * checked against this round's own Pool.getReserveData.
   */
  reserveContracts?: Readonly<Record<string, ReserveContracts>>;
  /**
   * v3.0: the price source of each known eMode category that has one, as an earlier round two read
   * it: its price is asked with the round, and used only if this round's category still names it.
   */
  eModePriceSources?: Readonly<Record<number, Address>>;
}

/** What round two needs from round one. */
export interface RoundTwoParameters extends MarketShape {
  user: Address;
}

/**
 * The first round: account totals, the reserve list, eMode, the data provider and (v3.2+) the one
 * rate strategy. Pure.
 */
export function lendingPoolRoundOne(market: LendingPoolMarket, user: Address): EvmCall[] {
  const pool = market.pool;
  const wallet = addressWord(user);
  return [
    blockNumberCall,
    call(pool, callData(GET_USER_ACCOUNT_DATA, wallet)),
    call(pool, once('getReservesList', () => encodeFunctionData({ abi: poolAbi, functionName: 'getReservesList' }))),
    call(pool, callData(GET_USER_EMODE, wallet)),
    call(market.addressesProvider, once('getPoolDataProvider', () => encodeFunctionData({ abi: addressesProviderAbi, functionName: 'getPoolDataProvider' }))),
    ...(market.version === 'v3.2+' ? [call(pool, once('RESERVE_INTEREST_RATE_STRATEGY', () => encodeFunctionData({ abi: poolAbi, functionName: 'RESERVE_INTEREST_RATE_STRATEGY' })))] : []),
  ];
}

/**
 * A reader's first request to a market it knows no shape of, for a wallet it has not seen hold
 * anything there: round one and, when the market names a UI provider, its one-call probe of every
 * reserve (uiUserReserves.ts), so an empty wallet needs no round two. Pure.
 */
export const lendingPoolFirstRequest = (market: LendingPoolMarket, user: Address): EvmCall[] => [
  ...lendingPoolRoundOne(market, user),
  ...(market.uiPoolDataProvider ? [uiUserReservesCall(market.uiPoolDataProvider, market.addressesProvider, user)] : []),
];

/** Round two's calls, each with the key its answer is found by. */
export interface RoundPlan {
  keys: string[];
  calls: EvmCall[];
}

/** Reserves outside the market's known symbols, whose symbol() round two asks. Pure. */
const unknownSymbols = (market: LendingPoolMarket, reserves: readonly Address[]): Address[] =>
  reserves.filter((asset) => market.knownSymbols[asset.toLowerCase()] === undefined);

/**
 * The second round, for EVERY listed reserve: the user's bitmap (Pool.getUserConfiguration) cannot
 * choose them, since a supply not enabled as collateral sets no bit in it (aave-v3-origin
 * UserConfiguration.sol: bit 2·id borrowing, 2·id+1 collateral), and learning which reserves are
 * held before reading their configuration would cost a third round, i.e. an HTTP request.
 * Per reserve: the user's balances, the reserve's configuration, its rates and debt, and the
 * version's fourth read (v3.2+: its virtual balance; v3.0: Pool.getReserveData, whose configuration
 * names its eMode category and which names its strategy and aToken); then one getAssetsPrices, the
 * unknown symbols, the curves (v3.2+: the one strategy's, per reserve; v3.0: each known strategy's
 * four getters and its aToken's cash) and each known eMode category (v3.2+: config, bitmap, label;
 * v3.0: getEModeCategoryData; a pool of the `ltvzeroBitmap` rule also its ltvzero bitmap and 3.7 isolated flag). About 66 reserves (the largest market's) make ~400 calls, around the reader's 400 per
 * aggregate3: the reader then splits the round into two aggregate3 calls of the same HTTP request.
 * The reserve-wide reads are the same for every wallet, so concurrent scans share them. Pure.
 */
export function lendingPoolRoundTwo(market: LendingPoolMarket, parameters: RoundTwoParameters): RoundPlan {
  const { user, dataProvider, reserves, eModeIds, rateStrategy, reserveContracts, eModePriceSources } = parameters;
  const pool = market.pool;
  const plan: RoundPlan = { keys: [], calls: [] };
  const add = (key: string, target: Address, callData: Hex) => {
    plan.keys.push(key);
    plan.calls.push(call(target, callData));
  };
  for (const asset of reserves) {
    plan.keys.push(`user:${asset}`);
    plan.calls.push(userReserveCall(dataProvider, asset, user));
    add(`config:${asset}`, dataProvider, once(`config:${asset}`, () => encodeFunctionData({ abi: dataProviderAbi, functionName: 'getReserveConfigurationData', args: [asset] })));
    add(`data:${asset}`, dataProvider, once(`data:${asset}`, () => encodeFunctionData({ abi: dataProviderAbi, functionName: 'getReserveData', args: [asset] })));
    if (market.version === 'v3.2+') add(`virtual:${asset}`, pool, once(`virtual:${asset}`, () => encodeFunctionData({ abi: poolAbi, functionName: 'getVirtualUnderlyingBalance', args: [asset] })));
    else add(`pool:${asset}`, pool, once(`pool:${asset}`, () => encodeFunctionData({ abi: poolV30Abi, functionName: 'getReserveData', args: [asset] })));
  }
  // One getAssetsPrices for all: it reverts if any source does, as the pools' own UI
  // (UiPoolDataProviderV3.getReservesData prices every reserve) would, so every listed source answers.
  add('prices', market.oracle, once(`prices:${reserves.join()}`, () => encodeFunctionData({ abi: oracleAbi, functionName: 'getAssetsPrices', args: [[...reserves]] })));
  for (const asset of unknownSymbols(market, reserves)) {
    const symbol = erc20SymbolCall(asset);
    add(`symbol:${asset}`, symbol.target, symbol.callData);
  }
  if (rateStrategy) for (const asset of reserves) add(`curve:${asset}`, rateStrategy, once(`curve:${asset}`, () => encodeFunctionData({ abi: rateStrategyAbi, functionName: 'getInterestRateDataBps', args: [asset] })));
  if (market.version === 'v3.0' && reserveContracts) {
    for (const asset of reserves) {
      const contracts = reserveContracts[asset.toLowerCase()];
      if (!contracts) continue;
      for (const functionName of V30_CURVE_GETTERS) add(`${functionName}:${asset}`, contracts.strategy, once(functionName, () => encodeFunctionData({ abi: rateStrategyV30Abi, functionName })));
      add(`cash:${asset}`, asset, once(`cash:${contracts.aToken}`, () => encodeFunctionData({ abi: erc20BalanceAbi, functionName: 'balanceOf', args: [contracts.aToken] })));
    }
  }
  for (const id of eModeIds) {
    if (market.version === 'v3.0') {
      add(`eMode:${id}`, pool, once(`eMode:${id}`, () => encodeFunctionData({ abi: poolV30Abi, functionName: 'getEModeCategoryData', args: [id] })));
      const source = eModePriceSources?.[id];
      if (source) add(`eModePrice:${id}`, market.oracle, once(`eModePrice:${source}`, () => encodeFunctionData({ abi: oracleAbi, functionName: 'getAssetPrice', args: [source] })));
      continue;
    }
    add(`eModeConfig:${id}`, pool, once(`eModeConfig:${id}`, () => encodeFunctionData({ abi: poolAbi, functionName: 'getEModeCategoryCollateralConfig', args: [id] })));
    add(`eModeBitmap:${id}`, pool, once(`eModeBitmap:${id}`, () => encodeFunctionData({ abi: poolAbi, functionName: 'getEModeCategoryCollateralBitmap', args: [id] })));
    add(`eModeLabel:${id}`, pool, once(`eModeLabel:${id}`, () => encodeFunctionData({ abi: poolAbi, functionName: 'getEModeCategoryLabel', args: [id] })));
    if (market.eModeLtvRule === 'ltvzeroBitmap') {
      add(`eModeLtvzero:${id}`, pool, once(`eModeLtvzero:${id}`, () => encodeFunctionData({ abi: poolAbi, functionName: 'getEModeCategoryLtvzeroBitmap', args: [id] })));
      // No published list says which pools run 3.7: a pool without it reverts here, in this same round.
      add(`eModeIsolated:${id}`, pool, once(`eModeIsolated:${id}`, () => encodeFunctionData({ abi: poolAbi, functionName: 'getIsEModeCategoryIsolated', args: [id] })));
    }
  }
  return plan;
}

const V30_CURVE_GETTERS = ['OPTIMAL_USAGE_RATIO', 'getBaseVariableBorrowRate', 'getVariableRateSlope1', 'getVariableRateSlope2'] as const;

/** Round two's answers by key (the plan's order). Pure. */
export const answersOf = (plan: RoundPlan, results: readonly EvmResult[]): ReadonlyMap<string, EvmResult> =>
  new Map(plan.keys.map((key, index) => [key, results[index]!]));

/** v3.0: every reserve's contracts and eMode category, from round two's Pool.getReserveData. Pure. */
export function v30ReservesOf(reserves: readonly Address[], answers: ReadonlyMap<string, EvmResult>): Map<string, ReserveContracts & { eModeCategory: number }> {
  return new Map(
    reserves.map((asset) => {
      const data = decodeFunctionResult({ abi: poolV30Abi, functionName: 'getReserveData', data: expectSuccess(answers.get(`pool:${asset}`), `Pool.getReserveData of ${asset}`) });
      // DataTypes.ReserveConfigurationMap: bits 168–175 are the reserve's eMode category.
      const eModeCategory = Number((data.configuration.data >> 168n) & 0xffn);
      return [asset.toLowerCase(), { aToken: data.aTokenAddress, strategy: data.interestRateStrategyAddress, eModeCategory }];
    }),
  );
}

/**
 * A reserve's curve, when the round asked it and it answered: v3.2+ from the one strategy; v3.0
 * from the strategy the shape named, only when this round's Pool.getReserveData still names it (a
 * spell may have replaced it since), with the aToken's cash. Pure.
 */
function curveOf(asset: Address, answers: ReadonlyMap<string, EvmResult>, current?: ReserveContracts, asked?: ReserveContracts): Pick<LendingPoolReserveRead, 'rateCurve' | 'aTokenCash'> {
  const bps = answers.get(`curve:${asset}`);
  if (bps?.success) return { rateCurve: rateCurveBpsOf(bps.returnData) };
  if (!current || !asked || current.strategy.toLowerCase() !== asked.strategy.toLowerCase() || current.aToken.toLowerCase() !== asked.aToken.toLowerCase()) return {};
  const results = [...V30_CURVE_GETTERS.map((name) => answers.get(`${name}:${asset}`)), answers.get(`cash:${asset}`)];
  if (!results.every((result) => result?.success)) return {};
  // Every one of them answers a single uint256.
  const [optimalUsageRatio, baseVariableBorrowRate, variableRateSlope1, variableRateSlope2, cash] = results.map((result) => decodeUint(result!.returnData)) as [bigint, bigint, bigint, bigint, bigint];
  const rateCurve: RateCurveRay = { optimalUsageRatio, baseVariableBorrowRate, variableRateSlope1, variableRateSlope2 };
  return { rateCurve, aTokenCash: cash };
}

/**
 * The reserves the user holds, decoded from round two's answers: those with an aToken balance,
 * variable debt or (v3.0) stable debt. Only the user's reads must succeed for every reserve; a
 * reserve it does not hold is never decoded further, and a held one whose cash or curve did not
 * answer has no rate model rather than no position. Pure.
 */
export function heldReserves(
  market: LendingPoolMarket,
  shape: MarketShape,
  answers: ReadonlyMap<string, EvmResult>,
  v30?: ReadonlyMap<string, ReserveContracts>,
): LendingPoolReserveRead[] {
  let prices: readonly bigint[] | undefined;
  const priceOf = (id: number): bigint =>
    (prices ??= assetPricesOf(expectSuccess(answers.get('prices'), 'AaveOracle.getAssetsPrices')))[id] ?? 0n;
  // A token whose symbol() is not a string (MKR's is bytes32) keeps its address as its name.
  const symbolOf = (asset: Address): string => market.knownSymbols[asset.toLowerCase()] ?? erc20SymbolOf(answers.get(`symbol:${asset}`)) ?? getAddress(asset);

  const held: LendingPoolReserveRead[] = [];
  shape.reserves.forEach((asset, id) => {
    const userData = expectSuccess(answers.get(`user:${asset}`), `PoolDataProvider.getUserReserveData of ${asset}`);
    // Most reserves of most markets hold nothing: told by three words, not a decoding.
    if (holdsNothing(userData)) return;
    const userReserve = userReserveOf(userData);
    const { currentATokenBalance: aTokenBalance, currentStableDebt: stableDebt, currentVariableDebt: variableDebt } = userReserve;
    if (aTokenBalance === 0n && variableDebt === 0n && stableDebt === 0n) return;
    const config = reserveConfigurationOf(expectSuccess(answers.get(`config:${asset}`), `PoolDataProvider.getReserveConfigurationData of ${asset}`));
    const reserve = reserveDataOf(expectSuccess(answers.get(`data:${asset}`), `PoolDataProvider.getReserveData of ${asset}`));
    const virtual = answers.get(`virtual:${asset}`);
    const curve = curveOf(asset, answers, v30?.get(asset.toLowerCase()), shape.reserveContracts?.[asset.toLowerCase()]);
    held.push({
      asset,
      id,
      symbol: symbolOf(asset),
      decimals: Number(config.decimals),
      ltv: Number(config.ltv),
      liquidationThreshold: Number(config.liquidationThreshold),
      reserveFactor: Number(config.reserveFactor),
      aTokenBalance,
      variableDebt,
      ...(stableDebt > 0n && { stableDebt, stableBorrowRate: userReserve.stableBorrowRate }),
      usageAsCollateral: userReserve.usageAsCollateralEnabled,
      liquidityRate: reserve.liquidityRate,
      variableBorrowRate: reserve.variableBorrowRate,
      price: priceOf(id),
      totalVariableDebt: reserve.totalVariableDebt,
      ...(virtual?.success && { virtualUnderlyingBalance: virtualBalanceOf(virtual.returnData) }),
      ...curve,
    });
  });
  return held;
}
