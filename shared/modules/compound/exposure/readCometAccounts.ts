import { type Address, encodeFunctionData, getAddress, type Hex, zeroAddress } from 'viem';
import { addressAt, addressWord, callData, smallAt, wordAt } from '../../../upstream/clients/abiWords.js';
import { heldBefore } from '../../../readers/heldBefore.js';
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

/** The wallet's reads per market read in full (balanceOf, borrowBalanceOf, userBasic). */
const PROBE = 3;
/** Round one's reads per market before the asset slots: the account, the base token and decimals, utilization, the base feed, the rate model. */
const HEAD = PROBE + 4 + RATE_MODEL_GETTERS.length;
const PER_MARKET = HEAD + MAX_ASSETS;

const BALANCE_OF = encodeFunctionData({ abi: cometAbi, functionName: 'balanceOf', args: [zeroAddress] }).slice(0, 10) as Hex;
const BORROW_BALANCE_OF = encodeFunctionData({ abi: cometAbi, functionName: 'borrowBalanceOf', args: [zeroAddress] }).slice(0, 10) as Hex;
const USER_BASIC = encodeFunctionData({ abi: cometAbi, functionName: 'userBasic', args: [zeroAddress] }).slice(0, 10) as Hex;

/**
 * Round one for one market read in full: base balances, the account's collateral bits, the base
 * token and its decimals (so a Comet's base comes from the Comet, on every chain), utilization, the
 * base feed, the interest rate model, every asset slot; with `full` false, userBasic alone (the
 * probe: userBasicProbe says why it is enough). Pure.
 */
export function cometRoundOne(market: CometMarket, user: Address, full = true): EvmCall[] {
  const comet = market.comet;
  const wallet = addressWord(user);
  if (!full) return [call(comet, callData(USER_BASIC, wallet))];
  return [call(comet, callData(BALANCE_OF, wallet)), call(comet, callData(BORROW_BALANCE_OF, wallet)), call(comet, callData(USER_BASIC, wallet)), ...walletFreeCalls(comet)];
}

/**
 * What userBasic says of an account: (int104 principal, uint64, uint64, uint16 assetsIn, uint8
 * _reserved). It alone tells whether the wallet holds anything in the Comet (comet
 * contracts/Comet.sol @d5a30b0): balanceOf and borrowBalanceOf are the present value of a positive
 * and a negative principal and zero otherwise, and updateAssetsIn sets a collateral's bit whenever
 * its balance leaves zero and clears it when it returns there (offsets 16–23 in `_reserved` for
 * CometWithExtendedAssetList). Pure.
 */
function userBasicProbe(data: Hex): { principal: boolean; inUse: ReadonlySet<number> } {
  const bits = smallAt(data, 3) | smallAt(data, 4);
  return { principal: wordAt(data, 0) !== 0n, inUse: bits === 0 ? NONE_IN_USE : new Set(offsetsInUse(smallAt(data, 3), smallAt(data, 4))) };
}
const NONE_IN_USE: ReadonlySet<number> = new Set();

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
 * for the markets the wallet is in, the prices and the balance of each collateral it uses. Round one
 * reads a Comet in full (the wallet's balances and userBasic, base, decimals, utilization, feed,
 * rate model, asset slots) only where it is needed: on a reader that does not know the Comet's
 * listing yet, and where the wallet held something at its last scan here (heldBefore.ts), then with
 * round two for every listed asset, checked against round one's own answers (same block); any other
 * Comet is probed with userBasic alone. A Comet the wallet holds nothing in costs one call. A Comet it now holds that round one did not read in full is read at round
 * one's block with its round two guessed from the known listing: a second request, as is round two
 * after a wrong guess. Rates come from the rate model at the round's utilization (cometRates).
 * `upstream` names the chain in the error of a read that must not revert.
 */
export async function readCometAccounts(
  reader: EthereumReader,
  user: Address,
  signal: AbortSignal,
  comets: readonly CometMarket[] = ETHEREUM_COMETS,
  upstream: UpstreamId = 'ethereum',
): Promise<CometAccountRead[]> {
  const known = shapes.get(reader);
  const memory = heldBefore(reader);
  const plans = comets.map((market) => {
    const shape = known?.get(market.comet);
    const full = shape === undefined || memory.held(user, market.comet);
    return { market, shape, full, guessed: full && shape ? cometRoundTwo(market, user, shape.baseFeed, shape.assets) : [] };
  });
  const first = await reader.read([blockNumberCall, ...plans.flatMap(({ market, full, guessed }) => [...cometRoundOne(market, user, full), ...guessed])], { signal });
  const blockNumber = decodeUint(expectSuccess(first[0], 'Multicall3.getBlockNumber', upstream));
  let cursor = 1;
  const answered = plans.map((plan) => {
    const own = plan.full ? PER_MARKET : 1;
    const results = { own: first.slice(cursor, cursor + own), guessed: first.slice(cursor + own, cursor + own + plan.guessed.length) };
    cursor += own + plan.guessed.length;
    if (!plan.full) {
      const probe = userBasicProbe(expectSuccess(results.own[0], `${plan.market.market} read`, upstream));
      return { ...plan, ...results, supplied: 0n, borrowed: 0n, inUse: probe.inUse, holds: probe.principal || probe.inUse.size > 0 };
    }
    const [supplyData, borrowData, basicData] = results.own.slice(0, PROBE).map((result) => expectSuccess(result, `${plan.market.market} read`, upstream));
    const balances = { supplied: wordAt(supplyData!, 0), borrowed: wordAt(borrowData!, 0), inUse: userBasicProbe(basicData!).inUse };
    return { ...plan, ...results, ...balances, holds: balances.supplied > 0n || balances.borrowed > 0n || balances.inUse.size > 0 };
  });

  // Comets the wallet now holds that round one probed only: all their round one reads and a guessed round two, at the block.
  const late = answered.filter((entry) => entry.holds && !entry.full);
  const lateCalls = late.map(({ market, shape }) => [...cometRoundOne(market, user, true), ...cometRoundTwo(market, user, shape!.baseFeed, shape!.assets)]);
  const lateResults = late.length > 0 ? await reader.read(lateCalls.flat(), { blockNumber, signal }) : [];
  cursor = 0;
  const lateOf = new Map(
    late.map((entry, index) => {
      const results = lateResults.slice(cursor, cursor + lateCalls[index]!.length);
      cursor += lateCalls[index]!.length;
      const [supplyData, borrowData] = results.slice(0, 2).map((result) => expectSuccess(result, `${entry.market.market} read`, upstream));
      // The balances at the block round one was read at, where the probe only told they are there.
      entry.supplied = wordAt(supplyData!, 0);
      entry.borrowed = wordAt(borrowData!, 0);
      return [entry.market.comet, { own: results.slice(PROBE, PER_MARKET), guessed: results.slice(PER_MARKET) }] as const;
    }),
  );

  const learned = new Map(known);
  const markets = answered.flatMap((entry) => {
    const read = entry.full ? { own: entry.own.slice(PROBE), guessed: entry.guessed } : lateOf.get(entry.market.comet);
    if (!read) return [];
    const { market } = entry;
    const [baseTokenData, decimalsData, utilizationData, feedData, ...modelData] = read.own.slice(0, HEAD - PROBE).map((result) => expectSuccess(result, `${market.market} read`, upstream));
    // Each rate-model getter answers one uint256.
    const [supplyKink, supplySlopeLow, supplySlopeHigh, supplyBase, borrowKink, borrowSlopeLow, borrowSlopeHigh, borrowBase] = modelData.map((data) => wordAt(data, 0)) as bigint[];
    const model: CometRateModel = {
      supply: { kink: supplyKink!, slopeLow: supplySlopeLow!, slopeHigh: supplySlopeHigh!, base: supplyBase! },
      borrow: { kink: borrowKink!, slopeLow: borrowSlopeLow!, slopeHigh: borrowSlopeHigh!, base: borrowBase! },
    };
    const shape: CometMarketShape = {
      baseFeed: addressAt(feedData!, 0),
      assets: read.own.slice(HEAD - PROBE).flatMap((result): AssetInfo[] => (result.success ? [decodeAssetInfo(result.returnData)] : [])),
    };
    learned.set(market.comet, shape);
    const utilization = wordAt(utilizationData!, 0);
    const baseToken = addressAt(baseTokenData!, 0);
    return [
      {
        market,
        baseToken,
        baseSymbol: KNOWN_SYMBOLS[baseToken.toLowerCase()] ?? market.folderSymbol,
        baseDecimals: smallAt(decimalsData!, 0),
        shape,
        guessed: read.guessed,
        guessHeld: read.guessed.length > 0 && sameShape(entry.shape, shape),
        supplied: entry.supplied,
        borrowed: entry.borrowed,
        ...cometRates(model, utilization),
        utilization,
        rateModel: model,
        collateral: shape.assets.filter((asset) => entry.inUse.has(asset.offset)),
      },
    ];
  });
  shapes.set(reader, learned);
  const accounts = markets.filter((account) => account.supplied > 0n || account.borrowed > 0n || account.collateral.length > 0);
  for (const entry of answered) memory.remember(user, entry.market.comet, entry.holds);
  if (accounts.length === 0) return [];

  // Each account's round two: from the guess when its listing held, else asked now at the block.
  const missing = accounts.filter((account) => !account.guessHeld);
  const roundTwo = missing.map((account) => cometRoundTwo(account.market, user, account.shape.baseFeed, account.collateral));
  const second = missing.length > 0 ? await reader.read(roundTwo.flat(), { blockNumber, signal }) : [];
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
    const results = account.guessHeld ? account.guessed : askedResults.get(account.market.comet)!;
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
      basePrice: wordAt(expectSuccess(results[0], `${name} getPrice`, upstream), 0),
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
          balance: wordAt(expectSuccess(results[1 + 2 * at], `${name} collateralBalanceOf`, upstream), 0),
          price: wordAt(expectSuccess(results[2 + 2 * at], `${name} getPrice`, upstream), 0),
        };
      }),
    };
  });
}

/** getAssetInfo's static AssetInfo: offset, asset, priceFeed, scale, borrowCollateralFactor, liquidateCollateralFactor, liquidationFactor, supplyCap (one word each). */
function decodeAssetInfo(data: Hex): AssetInfo {
  return { offset: smallAt(data, 0), asset: addressAt(data, 1), priceFeed: addressAt(data, 2), scale: wordAt(data, 3), borrowCollateralFactor: wordAt(data, 4), liquidateCollateralFactor: wordAt(data, 5) };
}


