import { type Address, decodeFunctionResult, encodeFunctionData, getAddress, type Hex } from 'viem';
import { blockNumberCall, decodeUint, type EthereumReader, type EvmCall, expectSuccess } from '../../../upstream/clients/ethereumReader.js';
import { AAVE_V3_ETHEREUM, KNOWN_SYMBOLS } from './deployment.js';
import { erc20SymbolCall, erc20SymbolOf } from '../../../upstream/clients/erc20Symbol.js';
import { addressesProviderAbi, dataProviderAbi, oracleAbi, poolAbi } from './exposureAbi.js';

/** One reserve the wallet touches (collateral or debt), read at the account's block. */
export interface AaveReserveRead {
  asset: Address;
  /** The reserve's id: its index in Pool.getReservesList, its bit in eMode bitmaps. */
  id: number;
  symbol: string;
  decimals: number;
  /** Reserve LT and factor, bps. */
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
}

/** A wallet's Aave v3 account: totals from getUserAccountData and the reserves it touches. */
export interface AaveAccountRead {
  blockNumber: bigint;
  totalCollateralBase: bigint;
  totalDebtBase: bigint;
  /** WAD; max uint256 when the account has no debt. */
  healthFactor: bigint;
  /** The user's eMode category, when it has one: its LT and the reserves it applies to. */
  eMode?: { id: number; liquidationThreshold: number; collateralBitmap: bigint };
  reserves: AaveReserveRead[];
}

const pool = AAVE_V3_ETHEREUM.pool;
const call = (target: Address, callData: Hex): EvmCall => ({ target, callData });

/** The first round: account totals, the user's reserve bitmap, the reserve list, eMode, the data provider. Pure. */
export function aaveRoundOne(user: Address): EvmCall[] {
  return [
    blockNumberCall,
    call(pool, encodeFunctionData({ abi: poolAbi, functionName: 'getUserAccountData', args: [user] })),
    call(pool, encodeFunctionData({ abi: poolAbi, functionName: 'getUserConfiguration', args: [user] })),
    call(pool, encodeFunctionData({ abi: poolAbi, functionName: 'getReservesList' })),
    call(pool, encodeFunctionData({ abi: poolAbi, functionName: 'getUserEMode', args: [user] })),
    call(AAVE_V3_ETHEREUM.addressesProvider, encodeFunctionData({ abi: addressesProviderAbi, functionName: 'getPoolDataProvider' })),
  ];
}

/**
 * Reserves the user borrows or uses as collateral: bit 2·id is borrowing, bit 2·id+1 collateral
 * (aave-v3-origin UserConfiguration.sol). A supply not enabled as collateral sets no bit. Pure.
 */
export function touchedReserves(configuration: bigint, reserves: readonly Address[]): { asset: Address; id: number }[] {
  return reserves.map((asset, id) => ({ asset, id })).filter(({ id }) => ((configuration >> BigInt(2 * id)) & 3n) !== 0n);
}

/**
 * Reads the account in two rounds at one block: round one at 'latest' (with Multicall3's block
 * number), round two at that block for each touched reserve: the user's balances, the reserve's
 * configuration and rates, the oracle prices and, in eMode, the category's LT.
 */
export async function readAaveAccount(reader: EthereumReader, user: Address, signal: AbortSignal): Promise<AaveAccountRead | undefined> {
  const first = await reader.read(aaveRoundOne(user), { signal });
  const names = ['Multicall3.getBlockNumber', 'Pool.getUserAccountData', 'Pool.getUserConfiguration', 'Pool.getReservesList', 'Pool.getUserEMode', 'PoolAddressesProvider.getPoolDataProvider'];
  const [blockData, accountData, configData, listData, eModeData, providerData] = first.map((result, index) => expectSuccess(result, names[index]!));
  const blockNumber = decodeUint(blockData!);
  const [totalCollateralBase, totalDebtBase, , , , healthFactor] = decodeFunctionResult({ abi: poolAbi, functionName: 'getUserAccountData', data: accountData! });
  const configuration = decodeFunctionResult({ abi: poolAbi, functionName: 'getUserConfiguration', data: configData! }).data;
  const reserves = decodeFunctionResult({ abi: poolAbi, functionName: 'getReservesList', data: listData! });
  const eModeId = Number(decodeFunctionResult({ abi: poolAbi, functionName: 'getUserEMode', data: eModeData! }));
  const dataProvider = decodeFunctionResult({ abi: addressesProviderAbi, functionName: 'getPoolDataProvider', data: providerData! });

  const touchedIds = touchedReserves(configuration, reserves);
  if (touchedIds.length === 0) return undefined;
  const touched = touchedIds.map(({ asset }) => asset);

  const unknown = touched.filter((asset) => KNOWN_SYMBOLS[asset.toLowerCase()] === undefined);
  const perReserve = touched.flatMap((asset) => [
    call(dataProvider, encodeFunctionData({ abi: dataProviderAbi, functionName: 'getUserReserveData', args: [asset, user] })),
    call(dataProvider, encodeFunctionData({ abi: dataProviderAbi, functionName: 'getReserveConfigurationData', args: [asset] })),
    call(dataProvider, encodeFunctionData({ abi: dataProviderAbi, functionName: 'getReserveData', args: [asset] })),
  ]);
  const prices = call(AAVE_V3_ETHEREUM.oracle, encodeFunctionData({ abi: oracleAbi, functionName: 'getAssetsPrices', args: [touched] }));
  const symbols = unknown.map(erc20SymbolCall);
  const eModeCalls =
    eModeId === 0
      ? []
      : [
          call(pool, encodeFunctionData({ abi: poolAbi, functionName: 'getEModeCategoryCollateralConfig', args: [eModeId] })),
          call(pool, encodeFunctionData({ abi: poolAbi, functionName: 'getEModeCategoryCollateralBitmap', args: [eModeId] })),
        ];
  const second = await reader.read([...perReserve, prices, ...symbols, ...eModeCalls], { blockNumber, signal });

  const priceList = decodeFunctionResult({ abi: oracleAbi, functionName: 'getAssetsPrices', data: expectSuccess(second[perReserve.length], 'AaveOracle.getAssetsPrices') });
  const symbolOf = new Map(
    unknown.map((asset, index) => {
      // A token whose symbol() is not a string (MKR's is bytes32) keeps its address as its name.
      return [asset, erc20SymbolOf(second[perReserve.length + 1 + index]) ?? getAddress(asset)];
    }),
  );
  const eMode = eModeId === 0 ? undefined : readEMode(eModeId, second.slice(perReserve.length + 1 + unknown.length));

  return {
    blockNumber,
    totalCollateralBase,
    totalDebtBase,
    healthFactor,
    ...(eMode && { eMode }),
    reserves: touched.map((asset, index) => {
      const [userData, reserveConfigData, reserveData] = second.slice(3 * index, 3 * index + 3).map((result) => expectSuccess(result, `PoolDataProvider read of ${asset}`));
      const userReserve = decodeFunctionResult({ abi: dataProviderAbi, functionName: 'getUserReserveData', data: userData! });
      const config = decodeFunctionResult({ abi: dataProviderAbi, functionName: 'getReserveConfigurationData', data: reserveConfigData! });
      const reserve = decodeFunctionResult({ abi: dataProviderAbi, functionName: 'getReserveData', data: reserveData! });
      return {
        asset,
        id: touchedIds[index]!.id,
        symbol: KNOWN_SYMBOLS[asset.toLowerCase()] ?? symbolOf.get(asset)!,
        decimals: Number(config[0]),
        liquidationThreshold: Number(config[2]),
        reserveFactor: Number(config[4]),
        aTokenBalance: userReserve[0],
        variableDebt: userReserve[2],
        usageAsCollateral: userReserve[8],
        liquidityRate: reserve[5],
        variableBorrowRate: reserve[6],
        price: priceList[index] ?? 0n,
      };
    }),
  };
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
  return { id, liquidationThreshold: config.liquidationThreshold, collateralBitmap: bitmap };
}


