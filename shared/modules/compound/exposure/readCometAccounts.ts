import { type Address, decodeFunctionResult, encodeFunctionData, getAddress, type Hex } from 'viem';
import { blockNumberCall, decodeUint, type EthereumReader, type EvmCall, expectSuccess } from '../../../upstream/clients/ethereumReader.js';
import { erc20SymbolCall, erc20SymbolOf } from '../../../upstream/clients/erc20Symbol.js';
import { cometAbi } from './exposureAbi.js';
import { COMET_MARKETS, type CometMarket, KNOWN_SYMBOLS, MAX_ASSETS } from './markets.js';

/** A collateral the account holds in a Comet market. */
export interface CometCollateralRead {
  asset: Address;
  symbol: string;
  /** 10^decimals (AssetInfo.scale). */
  scale: bigint;
  balance: bigint;
  /** USD, 8 decimals (Comet.getPrice). */
  price: bigint;
  /** 1e18-scaled (AssetInfo.liquidateCollateralFactor). */
  liquidateCollateralFactor: bigint;
}

/** A wallet's account in one Comet market, read at one block. */
export interface CometAccountRead {
  market: CometMarket;
  supplied: bigint;
  borrowed: bigint;
  basePrice: bigint;
  /** Per-second rates at current utilization, 1e18-scaled. */
  supplyRate: bigint;
  borrowRate: bigint;
  collateral: CometCollateralRead[];
}

interface AssetInfo {
  offset: number;
  asset: Address;
  priceFeed: Address;
  scale: bigint;
  liquidateCollateralFactor: bigint;
}

const call = (target: Address, callData: Hex): EvmCall => ({ target, callData });

/** Round one for one market: base balances, the account's collateral bits, utilization, the base feed, every asset slot. Pure. */
export function cometRoundOne(market: CometMarket, user: Address): EvmCall[] {
  const comet = market.comet;
  return [
    call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'balanceOf', args: [user] })),
    call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'borrowBalanceOf', args: [user] })),
    call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'userBasic', args: [user] })),
    call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'getUtilization' })),
    call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'baseTokenPriceFeed' })),
    ...Array.from({ length: MAX_ASSETS }, (_, i) => call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'getAssetInfo', args: [i] }))),
  ];
}

/**
 * Collateral offsets in use: bits of assetsIn, and for CometWithExtendedAssetList offsets 16–23 in
 * the `_reserved` byte (positions.md §2.2). Pure.
 */
export function offsetsInUse(assetsIn: number, reserved: number): number[] {
  const bits = assetsIn | (reserved << 16);
  return Array.from({ length: MAX_ASSETS }, (_, i) => i).filter((i) => (bits >> i) & 1);
}

/**
 * Reads the wallet's Comet accounts in two rounds at one block: round one at 'latest' (with
 * Multicall3's block number), round two at that block for the markets the wallet is in: rates at
 * current utilization, prices, and the balance of each collateral it uses.
 */
export async function readCometAccounts(reader: EthereumReader, user: Address, signal: AbortSignal): Promise<CometAccountRead[]> {
  const first = await reader.read([blockNumberCall, ...COMET_MARKETS.flatMap((market) => cometRoundOne(market, user))], { signal });
  const blockNumber = decodeUint(expectSuccess(first[0], 'Multicall3.getBlockNumber'));
  const perMarket = 5 + MAX_ASSETS;

  const accounts = COMET_MARKETS.map((market, index) => {
    const results = first.slice(1 + index * perMarket, 1 + (index + 1) * perMarket);
    const [supplyData, borrowData, basicData, utilizationData, feedData] = results.slice(0, 5).map((result) => expectSuccess(result, `${market.market} read`));
    const basic = decodeFunctionResult({ abi: cometAbi, functionName: 'userBasic', data: basicData! });
    const assets = results.slice(5).flatMap((result): AssetInfo[] => (result.success ? [decodeAssetInfo(result.returnData)] : []));
    const inUse = new Set(offsetsInUse(basic[3], basic[4]));
    return {
      market,
      supplied: decodeFunctionResult({ abi: cometAbi, functionName: 'balanceOf', data: supplyData! }),
      borrowed: decodeFunctionResult({ abi: cometAbi, functionName: 'borrowBalanceOf', data: borrowData! }),
      utilization: decodeFunctionResult({ abi: cometAbi, functionName: 'getUtilization', data: utilizationData! }),
      baseFeed: decodeFunctionResult({ abi: cometAbi, functionName: 'baseTokenPriceFeed', data: feedData! }),
      collateral: assets.filter((asset) => inUse.has(asset.offset)),
    };
  }).filter((account) => account.supplied > 0n || account.borrowed > 0n || account.collateral.length > 0);
  if (accounts.length === 0) return [];

  const plans = accounts.map((account) => {
    const comet = account.market.comet;
    const unknown = account.collateral.filter((asset) => KNOWN_SYMBOLS[asset.asset.toLowerCase()] === undefined);
    return {
      account,
      unknown,
      calls: [
        call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'getSupplyRate', args: [account.utilization] })),
        call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'getBorrowRate', args: [account.utilization] })),
        call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'getPrice', args: [account.baseFeed] })),
        ...account.collateral.flatMap((asset) => [
          call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'collateralBalanceOf', args: [user, asset.asset] })),
          call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'getPrice', args: [asset.priceFeed] })),
        ]),
        ...unknown.map((asset) => erc20SymbolCall(asset.asset)),
      ],
    };
  });
  const second = await reader.read(
    plans.flatMap((plan) => plan.calls),
    { blockNumber, signal },
  );

  let cursor = 0;
  return plans.map(({ account, unknown, calls }) => {
    const results = second.slice(cursor, cursor + calls.length);
    cursor += calls.length;
    const name = account.market.market;
    const [supplyRate, borrowRate, basePrice] = [
      decodeFunctionResult({ abi: cometAbi, functionName: 'getSupplyRate', data: expectSuccess(results[0], `${name} getSupplyRate`) }),
      decodeFunctionResult({ abi: cometAbi, functionName: 'getBorrowRate', data: expectSuccess(results[1], `${name} getBorrowRate`) }),
      decodeFunctionResult({ abi: cometAbi, functionName: 'getPrice', data: expectSuccess(results[2], `${name} getPrice`) }),
    ];
    const symbolResults = results.slice(3 + 2 * account.collateral.length);
    const symbols = new Map(unknown.map((asset, index) => [asset.asset, erc20SymbolOf(symbolResults[index]) ?? getAddress(asset.asset)]));
    return {
      market: account.market,
      supplied: account.supplied,
      borrowed: account.borrowed,
      basePrice,
      supplyRate,
      borrowRate,
      collateral: account.collateral.map((asset, index) => ({
        asset: asset.asset,
        symbol: KNOWN_SYMBOLS[asset.asset.toLowerCase()] ?? symbols.get(asset.asset)!,
        scale: asset.scale,
        liquidateCollateralFactor: asset.liquidateCollateralFactor,
        balance: decodeFunctionResult({ abi: cometAbi, functionName: 'collateralBalanceOf', data: expectSuccess(results[3 + 2 * index], `${name} collateralBalanceOf`) }),
        price: decodeFunctionResult({ abi: cometAbi, functionName: 'getPrice', data: expectSuccess(results[4 + 2 * index], `${name} getPrice`) }),
      })),
    };
  });
}

function decodeAssetInfo(data: Hex): AssetInfo {
  const info = decodeFunctionResult({ abi: cometAbi, functionName: 'getAssetInfo', data });
  return { offset: info.offset, asset: info.asset, priceFeed: info.priceFeed, scale: info.scale, liquidateCollateralFactor: info.liquidateCollateralFactor };
}


