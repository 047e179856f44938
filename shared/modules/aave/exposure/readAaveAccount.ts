import { type Address, decodeFunctionResult, encodeFunctionData, getAddress, type Hex } from 'viem';
import { blockNumberCall, decodeUint, type EthereumReader, type EvmCall, type EvmResult, expectSuccess } from '../../../upstream/clients/ethereumReader.js';
import { AAVE_V3_ETHEREUM, KNOWN_SYMBOLS } from './deployment.js';
import { erc20SymbolCall, erc20SymbolOf } from '../../../upstream/clients/erc20Symbol.js';
import { addressesProviderAbi, dataProviderAbi, oracleAbi, poolAbi, rateStrategyAbi } from './exposureAbi.js';
import type { AaveRateCurveBps } from './rateModel.js';

/** One reserve the wallet holds (supplied, as collateral or not, or borrowed), read at the account's block. */
export interface AaveReserveRead {
  asset: Address;
  /** The reserve's id: its index in Pool.getReservesList, its bit in eMode bitmaps. */
  id: number;
  symbol: string;
  decimals: number;
  /** Reserve LTV, LT and factor, bps. */
  ltv: number;
  liquidationThreshold: number;
  reserveFactor: number;
  aTokenBalance: bigint;
  variableDebt: bigint;
  usageAsCollateral: boolean;
  /** APRs in ray (1e27). */
  liquidityRate: bigint;
  variableBorrowRate: bigint;
  /** Oracle price, USD with 8 decimals. */
  price: bigint;
  /** The reserve's whole variable debt (the debt token's supply). */
  totalVariableDebt: bigint;
  /** Pool.getVirtualUnderlyingBalance and the strategy's curve; absent when either was not read. */
  virtualUnderlyingBalance?: bigint;
  rateCurve?: AaveRateCurveBps;
}

/** A wallet's Aave v3 account: totals from getUserAccountData and the reserves it holds. */
export interface AaveAccountRead {
  blockNumber: bigint;
  totalCollateralBase: bigint;
  totalDebtBase: bigint;
  /** WAD; max uint256 when the account has no debt. */
  healthFactor: bigint;
  /** The user's eMode category, when it has one: its label, LTV and LT, and the reserves it applies to. */
  eMode?: { id: number; label?: string; ltv: number; liquidationThreshold: number; collateralBitmap: bigint };
  reserves: AaveReserveRead[];
}

const pool = AAVE_V3_ETHEREUM.pool;
const call = (target: Address, callData: Hex): EvmCall => ({ target, callData });

/** The first round: account totals, the reserve list, eMode, the data provider, the rate strategy. Pure. */
export function aaveRoundOne(user: Address): EvmCall[] {
  return [
    blockNumberCall,
    call(pool, encodeFunctionData({ abi: poolAbi, functionName: 'getUserAccountData', args: [user] })),
    call(pool, encodeFunctionData({ abi: poolAbi, functionName: 'getReservesList' })),
    call(pool, encodeFunctionData({ abi: poolAbi, functionName: 'getUserEMode', args: [user] })),
    call(AAVE_V3_ETHEREUM.addressesProvider, encodeFunctionData({ abi: addressesProviderAbi, functionName: 'getPoolDataProvider' })),
    call(pool, encodeFunctionData({ abi: poolAbi, functionName: 'RESERVE_INTEREST_RATE_STRATEGY' })),
  ];
}

/**
 * Round two's reads per reserve, in this order: the user's balances, the reserve's configuration,
 * its rates and debt, its virtual balance; with a rate strategy, its curve (rateCurveAt).
 */
const PER_RESERVE = 4;

/** The market's layout as a round-one answer gives it: what the per-reserve round is asked of. */
export interface AaveMarketShape {
  dataProvider: Address;
  /** Pool.getReservesList, in order (a reserve's index is its id). */
  reserves: readonly Address[];
  /** The eMode categories whose configuration the round asks (0, no category, is never asked). */
  eModeIds: readonly number[];
  /** Pool.RESERVE_INTEREST_RATE_STRATEGY, when the pool answered it: whose curves the round asks. */
  rateStrategy?: Address;
}

/** What round two needs from round one. */
export interface AaveRoundTwoParameters extends AaveMarketShape {
  user: Address;
}

/** Reserves outside KNOWN_SYMBOLS, whose symbol() round two asks. Pure. */
const unknownSymbols = (reserves: readonly Address[]): Address[] => reserves.filter((asset) => KNOWN_SYMBOLS[asset.toLowerCase()] === undefined);

/** Round two's reads per eMode category: its LTV and LT, its collateral bitmap, its label. */
const PER_EMODE = 3;

/**
 * The second round, for EVERY listed reserve: the user's bitmap (Pool.getUserConfiguration) cannot
 * choose them, since a supply not enabled as collateral sets no bit in it (aave-v3-origin
 * UserConfiguration.sol: bit 2·id borrowing, 2·id+1 collateral), and learning which reserves are
 * held before reading their configuration would cost a third round, i.e. an HTTP request. About
 * 66 reserves make ~400 calls (five each, with the rate model's two), around the reader's 400 per
 * aggregate3: the reader then splits the round into two aggregate3 calls of the same HTTP request.
 * The reserve-wide reads are the same for every wallet, so concurrent scans share them. Pure.
 */
export function aaveRoundTwo({ user, dataProvider, reserves, eModeIds, rateStrategy }: AaveRoundTwoParameters): EvmCall[] {
  const perReserve = reserves.flatMap((asset) => [
    call(dataProvider, encodeFunctionData({ abi: dataProviderAbi, functionName: 'getUserReserveData', args: [asset, user] })),
    call(dataProvider, encodeFunctionData({ abi: dataProviderAbi, functionName: 'getReserveConfigurationData', args: [asset] })),
    call(dataProvider, encodeFunctionData({ abi: dataProviderAbi, functionName: 'getReserveData', args: [asset] })),
    call(pool, encodeFunctionData({ abi: poolAbi, functionName: 'getVirtualUnderlyingBalance', args: [asset] })),
  ]);
  const curves = rateStrategy ? reserves.map((asset) => call(rateStrategy, encodeFunctionData({ abi: rateStrategyAbi, functionName: 'getInterestRateDataBps', args: [asset] }))) : [];
  // One getAssetsPrices for all: it reverts if any source does, as Aave's own UI
  // (UiPoolDataProviderV3.getReservesData prices every reserve) would, so every listed source answers.
  const prices = call(AAVE_V3_ETHEREUM.oracle, encodeFunctionData({ abi: oracleAbi, functionName: 'getAssetsPrices', args: [[...reserves]] }));
  const eModeCalls = eModeIds.flatMap((id) => [
    call(pool, encodeFunctionData({ abi: poolAbi, functionName: 'getEModeCategoryCollateralConfig', args: [id] })),
    call(pool, encodeFunctionData({ abi: poolAbi, functionName: 'getEModeCategoryCollateralBitmap', args: [id] })),
    call(pool, encodeFunctionData({ abi: poolAbi, functionName: 'getEModeCategoryLabel', args: [id] })),
  ]);
  return [...perReserve, prices, ...unknownSymbols(reserves).map(erc20SymbolCall), ...curves, ...eModeCalls];
}

/** A reserve's curve from round two, when its strategy answered one. */
function rateCurveAt(result: EvmResult | undefined): AaveRateCurveBps | undefined {
  if (!result?.success) return undefined;
  return decodeFunctionResult({ abi: rateStrategyAbi, functionName: 'getInterestRateDataBps', data: result.returnData });
}

/**
 * The reserves the user holds, decoded from round two's answers (in aaveRoundTwo's order): those
 * with an aToken balance or variable debt (stable debt is gone since v3.2). Only the user's reads
 * must succeed for every reserve; a reserve it does not hold is never decoded further, and a held
 * one whose virtual balance or curve did not answer has no rate model rather than no position. Pure.
 */
export function heldReserves(reserves: readonly Address[], results: readonly EvmResult[], withCurves = false): AaveReserveRead[] {
  const unknown = unknownSymbols(reserves);
  const symbolsAt = reserves.length * PER_RESERVE + 1;
  const curvesAt = symbolsAt + unknown.length;
  let prices: readonly bigint[] | undefined;
  const priceOf = (id: number): bigint =>
    (prices ??= decodeFunctionResult({ abi: oracleAbi, functionName: 'getAssetsPrices', data: expectSuccess(results[reserves.length * PER_RESERVE], 'AaveOracle.getAssetsPrices') }))[id] ?? 0n;
  // A token whose symbol() is not a string (MKR's is bytes32) keeps its address as its name.
  const symbolOf = (asset: Address): string =>
    KNOWN_SYMBOLS[asset.toLowerCase()] ?? erc20SymbolOf(results[symbolsAt + unknown.indexOf(asset)]) ?? getAddress(asset);

  const held: AaveReserveRead[] = [];
  reserves.forEach((asset, id) => {
    const [userData, configData, reserveData, virtualData] = results.slice(PER_RESERVE * id, PER_RESERVE * id + PER_RESERVE);
    const userReserve = decodeFunctionResult({
      abi: dataProviderAbi,
      functionName: 'getUserReserveData',
      data: expectSuccess(userData, `PoolDataProvider.getUserReserveData of ${asset}`),
    });
    if (userReserve[0] === 0n && userReserve[2] === 0n) return;
    const config = decodeFunctionResult({ abi: dataProviderAbi, functionName: 'getReserveConfigurationData', data: expectSuccess(configData, `PoolDataProvider.getReserveConfigurationData of ${asset}`) });
    const reserve = decodeFunctionResult({ abi: dataProviderAbi, functionName: 'getReserveData', data: expectSuccess(reserveData, `PoolDataProvider.getReserveData of ${asset}`) });
    const rateCurve = withCurves ? rateCurveAt(results[curvesAt + id]) : undefined;
    held.push({
      asset,
      id,
      symbol: symbolOf(asset),
      decimals: Number(config[0]),
      ltv: Number(config[1]),
      liquidationThreshold: Number(config[2]),
      reserveFactor: Number(config[4]),
      aTokenBalance: userReserve[0],
      variableDebt: userReserve[2],
      usageAsCollateral: userReserve[8],
      liquidityRate: reserve[5],
      variableBorrowRate: reserve[6],
      price: priceOf(id),
      totalVariableDebt: reserve[4],
      ...(virtualData?.success && { virtualUnderlyingBalance: decodeFunctionResult({ abi: poolAbi, functionName: 'getVirtualUnderlyingBalance', data: virtualData.returnData }) }),
      ...(rateCurve && { rateCurve }),
    });
  });
  return held;
}

/**
 * The market shape each reader last saw. Round two's calls depend on round one only through this
 * shape, which changes only when governance lists a reserve or adds an eMode category; so a scan
 * that finds one sends round two beside round one, and checks the guess against round one's own
 * answers (same block): a wrong guess costs the second round it would have cost anyway, never a
 * stale value.
 */
const shapes = new WeakMap<EthereumReader, AaveMarketShape>();

const sameShape = (a: AaveMarketShape, b: Omit<AaveMarketShape, 'eModeIds'>, eModeId: number): boolean =>
  a.dataProvider.toLowerCase() === b.dataProvider.toLowerCase() &&
  a.rateStrategy?.toLowerCase() === b.rateStrategy?.toLowerCase() &&
  a.reserves.length === b.reserves.length &&
  a.reserves.every((asset, index) => asset.toLowerCase() === b.reserves[index]!.toLowerCase()) &&
  (eModeId === 0 || a.eModeIds.includes(eModeId));

/**
 * Reads the account at one block: round one at 'latest' (with Multicall3's block number) and, per
 * reserve, round two (aaveRoundTwo says why every reserve). With a market shape from an earlier
 * scan, both go out as one round, one HTTP request; otherwise, or when the shape changed, round
 * two follows at round one's block. Undefined when the wallet holds no reserve.
 */
export async function readAaveAccount(reader: EthereumReader, user: Address, signal: AbortSignal): Promise<AaveAccountRead | undefined> {
  const known = shapes.get(reader);
  const roundOne = aaveRoundOne(user);
  const guessed = known ? aaveRoundTwo({ user, ...known }) : [];
  const first = await reader.read([...roundOne, ...guessed], { signal });
  const names = ['Multicall3.getBlockNumber', 'Pool.getUserAccountData', 'Pool.getReservesList', 'Pool.getUserEMode', 'PoolAddressesProvider.getPoolDataProvider'];
  const [blockData, accountData, listData, eModeData, providerData] = first.slice(0, names.length).map((result, index) => expectSuccess(result, names[index]!));
  const blockNumber = decodeUint(blockData!);
  const [totalCollateralBase, totalDebtBase, , , , healthFactor] = decodeFunctionResult({ abi: poolAbi, functionName: 'getUserAccountData', data: accountData! });
  const reserves = decodeFunctionResult({ abi: poolAbi, functionName: 'getReservesList', data: listData! });
  const eModeId = Number(decodeFunctionResult({ abi: poolAbi, functionName: 'getUserEMode', data: eModeData! }));
  const dataProvider = decodeFunctionResult({ abi: addressesProviderAbi, functionName: 'getPoolDataProvider', data: providerData! });
  // A pool before v3.4 has no single strategy: its positions then carry no rate model.
  const strategyResult = first[names.length];
  const rateStrategy = strategyResult?.success ? decodeFunctionResult({ abi: poolAbi, functionName: 'RESERVE_INTEREST_RATE_STRATEGY', data: strategyResult.returnData }) : undefined;

  const guessHeld = known !== undefined && sameShape(known, { dataProvider, reserves, rateStrategy }, eModeId);
  const shape: AaveMarketShape = guessHeld
    ? known
    : { dataProvider, reserves, eModeIds: eModeId === 0 ? known?.eModeIds ?? [] : [...new Set([...(known?.eModeIds ?? []), eModeId])], ...(rateStrategy && { rateStrategy }) };
  shapes.set(reader, shape);
  const calls = guessHeld ? guessed : aaveRoundTwo({ user, ...shape });
  const second = guessHeld ? first.slice(roundOne.length) : await reader.read(calls, { blockNumber, signal });
  const held = heldReserves(reserves, second, shape.rateStrategy !== undefined);
  if (held.length === 0) return undefined;
  // The eMode reads close the round, PER_EMODE per known category, in shape.eModeIds' order.
  const eModeAt = (id: number) => calls.length - PER_EMODE * (shape.eModeIds.length - shape.eModeIds.indexOf(id));
  const eMode = eModeId === 0 ? undefined : readEMode(eModeId, second.slice(eModeAt(eModeId), eModeAt(eModeId) + PER_EMODE));

  return { blockNumber, totalCollateralBase, totalDebtBase, healthFactor, ...(eMode && { eMode }), reserves: held };
}

function readEMode(id: number, results: readonly { success: boolean; returnData: Hex }[]): AaveAccountRead['eMode'] {
  const config = decodeFunctionResult({
    abi: poolAbi,
    functionName: 'getEModeCategoryCollateralConfig',
    data: expectSuccess(results[0], 'Pool.getEModeCategoryCollateralConfig'),
  });
  const bitmap = decodeFunctionResult({
    abi: poolAbi,
    functionName: 'getEModeCategoryCollateralBitmap',
    data: expectSuccess(results[1], 'Pool.getEModeCategoryCollateralBitmap'),
  });
  // The label only names the category: without it the category is still applied.
  const label = results[2]?.success ? decodeFunctionResult({ abi: poolAbi, functionName: 'getEModeCategoryLabel', data: results[2].returnData }) : undefined;
  return { id, ...(label && { label }), ltv: config.ltv, liquidationThreshold: config.liquidationThreshold, collateralBitmap: bitmap };
}


