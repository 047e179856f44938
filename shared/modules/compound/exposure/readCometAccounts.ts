import { type Address, decodeFunctionResult, encodeFunctionData, getAddress, type Hex } from 'viem';
import { blockNumberCall, decodeUint, type EthereumReader, type EvmCall, type EvmResult, expectSuccess } from '../../../upstream/clients/ethereumReader.js';
import { erc20SymbolCall, erc20SymbolOf } from '../../../upstream/clients/erc20Symbol.js';
import { cometRates, type CometRateModel } from './cometRates.js';
import { cometAbi, RATE_MODEL_GETTERS } from './exposureAbi.js';
import type { UpstreamId } from '../../../upstream/endpoints.js';
import { type CometMarket, ETHEREUM_COMETS, KNOWN_SYMBOLS, MAX_ASSETS } from './markets.js';

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
  /** 1e18-scaled (AssetInfo.borrowCollateralFactor): the share of the value the account may borrow against. */
  borrowCollateralFactor: bigint;
}

/** A wallet's account in one Comet market, read at one block. */
export interface CometAccountRead {
  market: CometMarket;
  /** The Comet's baseToken() and its symbol (this build's name for it, else the market folder's). */
  baseToken: Address;
  baseSymbol: string;
  /** The Comet's decimals(): its base token's. */
  baseDecimals: number;
  supplied: bigint;
  borrowed: bigint;
  basePrice: bigint;
  /** Per-second rates at current utilization, 1e18-scaled. */
  supplyRate: bigint;
  borrowRate: bigint;
  /** The utilization those rates were worked out at (1e18-scaled) and the curves they came from. */
  utilization: bigint;
  rateModel: CometRateModel;
  collateral: CometCollateralRead[];
}

interface AssetInfo {
  offset: number;
  asset: Address;
  priceFeed: Address;
  scale: bigint;
  liquidateCollateralFactor: bigint;
  borrowCollateralFactor: bigint;
}

const call = (target: Address, callData: Hex): EvmCall => ({ target, callData });

/** Round one's reads per market before the asset slots: the account, the base token and decimals, utilization, the base feed, the rate model. */
const HEAD = 7 + RATE_MODEL_GETTERS.length;
const PER_MARKET = HEAD + MAX_ASSETS;

/**
 * Round one for one market: base balances, the account's collateral bits, the base token and its
 * decimals (so a Comet's base comes from the Comet, on every chain), utilization, the base feed, the
 * interest rate model, every asset slot. Pure.
 */
export function cometRoundOne(market: CometMarket, user: Address): EvmCall[] {
  const comet = market.comet;
  return [
    call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'balanceOf', args: [user] })),
    call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'borrowBalanceOf', args: [user] })),
    call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'userBasic', args: [user] })),
    ...walletFreeCalls(comet),
  ];
}

/**
 * Round one's reads that name no wallet (base token, decimals, utilization, feed, rate model, asset
 * slots), encoded once per Comet: with 24 Comets, re-encoding them on every scan would be some 800
 * ABI encodings of CPU for calls whose bytes never change.
 */
const walletFree = new Map<Address, readonly EvmCall[]>();
function walletFreeCalls(comet: Address): readonly EvmCall[] {
  let calls = walletFree.get(comet);
  if (!calls) {
    calls = [
      call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'baseToken' })),
      call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'decimals' })),
      call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'getUtilization' })),
      call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'baseTokenPriceFeed' })),
      ...RATE_MODEL_GETTERS.map((functionName) => call(comet, encodeFunctionData({ abi: cometAbi, functionName }))),
      ...Array.from({ length: MAX_ASSETS }, (_, i) => call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'getAssetInfo', args: [i] }))),
    ];
    walletFree.set(comet, calls);
  }
  return calls;
}

/**
 * Collateral offsets in use: bits of assetsIn, and for CometWithExtendedAssetList offsets 16–23 in
 * the `_reserved` byte (positions.md §2.2). Pure.
 */
export function offsetsInUse(assetsIn: number, reserved: number): number[] {
  const bits = assetsIn | (reserved << 16);
  return Array.from({ length: MAX_ASSETS }, (_, i) => i).filter((i) => (bits >> i) & 1);
}

/** A market's listing as round one gives it: what the price and collateral reads are asked of. */
export interface CometMarketShape {
  baseFeed: Address;
  assets: readonly AssetInfo[];
}

/**
 * Round two for one market: the base price, and for each of `assets` the account's balance and
 * the asset's price; symbol() for an asset this build does not name. Pure.
 */
export function cometRoundTwo(market: CometMarket, user: Address, baseFeed: Address, assets: readonly AssetInfo[]): EvmCall[] {
  const comet = market.comet;
  return [
    call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'getPrice', args: [baseFeed] })),
    ...assets.flatMap((asset) => [
      call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'collateralBalanceOf', args: [user, asset.asset] })),
      call(comet, encodeFunctionData({ abi: cometAbi, functionName: 'getPrice', args: [asset.priceFeed] })),
    ]),
    ...assets.filter((asset) => KNOWN_SYMBOLS[asset.asset.toLowerCase()] === undefined).map((asset) => erc20SymbolCall(asset.asset)),
  ];
}

/**
 * The listings each reader last saw, per market. Round two depends on round one only through
 * them, and they change only when governance lists an asset or moves a feed; so a scan that has
 * them asks round two for every listed asset beside round one, and checks the guess against round
 * one's own answers (same block): a wrong guess costs the second round it would have cost anyway.
 */
const shapes = new WeakMap<EthereumReader, ReadonlyMap<Address, CometMarketShape>>();

const sameShape = (a: CometMarketShape | undefined, b: CometMarketShape): boolean =>
  a !== undefined &&
  a.baseFeed.toLowerCase() === b.baseFeed.toLowerCase() &&
  a.assets.length === b.assets.length &&
  a.assets.every((asset, index) => asset.asset.toLowerCase() === b.assets[index]!.asset.toLowerCase() && asset.priceFeed.toLowerCase() === b.assets[index]!.priceFeed.toLowerCase());

/**
 * Reads the wallet's accounts in `comets` (Comets on ONE chain, whose reader is `reader`; by
 * default Ethereum's) at one block: round one at 'latest' (with Multicall3's block number), then,
 * for the markets the wallet is in, the prices and the balance of each collateral it uses. With the
 * markets' listings from an earlier scan, round two goes out with round one (every listed asset),
 * one HTTP request; otherwise, or when a listing changed, it follows at round one's block. Rates
 * come from the rate model at the round's utilization (cometRates). `upstream` names the chain in
 * the error of a read that must not revert.
 */
export async function readCometAccounts(
  reader: EthereumReader,
  user: Address,
  signal: AbortSignal,
  comets: readonly CometMarket[] = ETHEREUM_COMETS,
  upstream: UpstreamId = 'ethereum',
): Promise<CometAccountRead[]> {
  const known = shapes.get(reader);
  const guessed = comets.map((market) => {
    const shape = known?.get(market.comet);
    return shape ? cometRoundTwo(market, user, shape.baseFeed, shape.assets) : [];
  });
  const roundOne = [blockNumberCall, ...comets.flatMap((market) => cometRoundOne(market, user))];
  const first = await reader.read([...roundOne, ...guessed.flat()], { signal });
  const blockNumber = decodeUint(expectSuccess(first[0], 'Multicall3.getBlockNumber', upstream));

  const markets = comets.map((market, index) => {
    const results = first.slice(1 + index * PER_MARKET, 1 + (index + 1) * PER_MARKET);
    const [supplyData, borrowData, basicData, baseTokenData, decimalsData, utilizationData, feedData, ...modelData] = results
      .slice(0, HEAD)
      .map((result) => expectSuccess(result, `${market.market} read`, upstream));
    const basic = decodeFunctionResult({ abi: cometAbi, functionName: 'userBasic', data: basicData! });
    const [supplyKink, supplySlopeLow, supplySlopeHigh, supplyBase, borrowKink, borrowSlopeLow, borrowSlopeHigh, borrowBase] = RATE_MODEL_GETTERS.map((functionName, at) =>
      decodeFunctionResult({ abi: cometAbi, functionName, data: modelData[at]! }),
    ) as bigint[];
    const model: CometRateModel = {
      supply: { kink: supplyKink!, slopeLow: supplySlopeLow!, slopeHigh: supplySlopeHigh!, base: supplyBase! },
      borrow: { kink: borrowKink!, slopeLow: borrowSlopeLow!, slopeHigh: borrowSlopeHigh!, base: borrowBase! },
    };
    const shape: CometMarketShape = {
      baseFeed: decodeFunctionResult({ abi: cometAbi, functionName: 'baseTokenPriceFeed', data: feedData! }),
      assets: results.slice(HEAD).flatMap((result): AssetInfo[] => (result.success ? [decodeAssetInfo(result.returnData)] : [])),
    };
    const inUse = new Set(offsetsInUse(basic[3], basic[4]));
    const utilization = decodeFunctionResult({ abi: cometAbi, functionName: 'getUtilization', data: utilizationData! });
    const baseToken = decodeFunctionResult({ abi: cometAbi, functionName: 'baseToken', data: baseTokenData! });
    return {
      market,
      baseToken,
      baseSymbol: KNOWN_SYMBOLS[baseToken.toLowerCase()] ?? market.folderSymbol,
      baseDecimals: decodeFunctionResult({ abi: cometAbi, functionName: 'decimals', data: decimalsData! }),
      shape,
      guessHeld: sameShape(known?.get(market.comet), shape),
      supplied: decodeFunctionResult({ abi: cometAbi, functionName: 'balanceOf', data: supplyData! }),
      borrowed: decodeFunctionResult({ abi: cometAbi, functionName: 'borrowBalanceOf', data: borrowData! }),
      ...cometRates(model, utilization),
      utilization,
      rateModel: model,
      collateral: shape.assets.filter((asset) => inUse.has(asset.offset)),
    };
  });
  shapes.set(reader, new Map(markets.map(({ market, shape }) => [market.comet, shape])));
  const accounts = markets.filter((account) => account.supplied > 0n || account.borrowed > 0n || account.collateral.length > 0);
  if (accounts.length === 0) return [];

  // Each account's round two: from the guess when its listing held, else asked now at the block.
  const guessedResults = new Map<Address, readonly EvmResult[]>();
  let cursor = roundOne.length;
  comets.forEach((market, index) => {
    const length = guessed[index]!.length;
    guessedResults.set(market.comet, first.slice(cursor, cursor + length));
    cursor += length;
  });
  const missing = accounts.filter((account) => !account.guessHeld);
  const roundTwo = missing.map((account) => cometRoundTwo(account.market, user, account.shape.baseFeed, account.collateral));
  const second = await reader.read(roundTwo.flat(), { blockNumber, signal });
  cursor = 0;
  const askedResults = new Map(
    missing.map((account, index) => {
      const results = second.slice(cursor, cursor + roundTwo[index]!.length);
      cursor += roundTwo[index]!.length;
      return [account.market.comet, results] as const;
    }),
  );

  return accounts.map((account) => {
    const name = account.market.market;
    // A guessed round asked every listed asset; an asked one only those in use.
    const asked = account.guessHeld ? account.shape.assets : account.collateral;
    const results = account.guessHeld ? guessedResults.get(account.market.comet)! : askedResults.get(account.market.comet)!;
    const unknown = asked.filter((info) => KNOWN_SYMBOLS[info.asset.toLowerCase()] === undefined);
    const symbolResults = results.slice(1 + 2 * asked.length);
    const symbols = new Map(unknown.map((info, index) => [info.asset, erc20SymbolOf(symbolResults[index]) ?? getAddress(info.asset)]));
    return {
      market: account.market,
      baseToken: account.baseToken,
      baseSymbol: account.baseSymbol,
      baseDecimals: account.baseDecimals,
      supplied: account.supplied,
      borrowed: account.borrowed,
      basePrice: decodeFunctionResult({ abi: cometAbi, functionName: 'getPrice', data: expectSuccess(results[0], `${name} getPrice`, upstream) }),
      supplyRate: account.supplyRate,
      borrowRate: account.borrowRate,
      utilization: account.utilization,
      rateModel: account.rateModel,
      collateral: account.collateral.map((info) => {
        const at = asked.indexOf(info);
        return {
          asset: info.asset,
          symbol: KNOWN_SYMBOLS[info.asset.toLowerCase()] ?? symbols.get(info.asset)!,
          scale: info.scale,
          liquidateCollateralFactor: info.liquidateCollateralFactor,
          borrowCollateralFactor: info.borrowCollateralFactor,
          balance: decodeFunctionResult({ abi: cometAbi, functionName: 'collateralBalanceOf', data: expectSuccess(results[1 + 2 * at], `${name} collateralBalanceOf`, upstream) }),
          price: decodeFunctionResult({ abi: cometAbi, functionName: 'getPrice', data: expectSuccess(results[2 + 2 * at], `${name} getPrice`, upstream) }),
        };
      }),
    };
  });
}

function decodeAssetInfo(data: Hex): AssetInfo {
  const info = decodeFunctionResult({ abi: cometAbi, functionName: 'getAssetInfo', data });
  return {
    offset: info.offset,
    asset: info.asset,
    priceFeed: info.priceFeed,
    scale: info.scale,
    liquidateCollateralFactor: info.liquidateCollateralFactor,
    borrowCollateralFactor: info.borrowCollateralFactor,
  };
}


