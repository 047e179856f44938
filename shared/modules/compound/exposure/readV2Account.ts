import { type Address, decodeFunctionResult, encodeFunctionData, getAddress } from 'viem';
import { blockNumberCall, decodeUint, type EthereumReader, type EvmCall, type EvmResult, expectSuccess } from '../../../upstream/clients/ethereumReader.js';
import { upstreamMalformed } from '../../../upstream/errors.js';
import { COMPTROLLER, CTOKENS, type V2Market } from '../addresses.js';
import { comptrollerViewsAbi, cTokenViewsAbi, v2OracleAbi } from './v2Abi.js';

/** A wallet's balances in one Compound v2 market, read at one block. */
export interface V2MarketRead {
  cToken: Address;
  market: V2Market;
  /** In the account's assetsIn: its supply counts toward the borrowing limit. */
  entered: boolean;
  cTokenBalance: bigint;
  /** In the underlying's units (the stored borrow balance, interest accrued up to the market's last touch). */
  borrowBalance: bigint;
  /** Underlying units per cToken unit, scaled by 1e18. */
  exchangeRate: bigint;
  /** Scaled by 1e18; in v2 both the borrowing limit and the liquidation line. */
  collateralFactor: bigint;
  /** USD per underlying unit scaled by 1e(36 − decimals); absent when the oracle has none (reverted or 0). */
  price?: bigint;
  supplyRatePerBlock: bigint;
  borrowRatePerBlock: bigint;
}

const V2_CTOKENS: readonly Address[] = Object.keys(CTOKENS).map((cToken) => getAddress(cToken));
/** Round one's reads before the per-market ones: block number, the oracle, the account's assetsIn. */
const HEAD = 3;
const PER_CTOKEN = 4;

const call = (target: Address, callData: `0x${string}`): EvmCall => ({ target, callData });

/** The oracle's price of each of `cTokens`' underlying. Pure. */
export const v2PriceCalls = (oracle: Address, cTokens: readonly Address[]): EvmCall[] =>
  cTokens.map((cToken) => call(oracle, encodeFunctionData({ abi: v2OracleAbi, functionName: 'getUnderlyingPrice', args: [cToken] })));

/**
 * Round one: the Comptroller's oracle and the account's assetsIn, then for every listed cToken the
 * account's snapshot, its collateral factor and its rates; with the oracle an earlier scan saw,
 * every price too. Every call is independent of the others, so this joins the Comets' round one. Pure.
 */
export function v2RoundOne(user: Address, knownOracle?: Address): EvmCall[] {
  return [
    blockNumberCall,
    call(COMPTROLLER, encodeFunctionData({ abi: comptrollerViewsAbi, functionName: 'oracle' })),
    call(COMPTROLLER, encodeFunctionData({ abi: comptrollerViewsAbi, functionName: 'getAssetsIn', args: [user] })),
    ...V2_CTOKENS.flatMap((cToken) => [
      call(cToken, encodeFunctionData({ abi: cTokenViewsAbi, functionName: 'getAccountSnapshot', args: [user] })),
      call(COMPTROLLER, encodeFunctionData({ abi: comptrollerViewsAbi, functionName: 'markets', args: [cToken] })),
      call(cToken, encodeFunctionData({ abi: cTokenViewsAbi, functionName: 'supplyRatePerBlock' })),
      call(cToken, encodeFunctionData({ abi: cTokenViewsAbi, functionName: 'borrowRatePerBlock' })),
    ]),
    ...(knownOracle ? v2PriceCalls(knownOracle, V2_CTOKENS) : []),
  ];
}

/**
 * The oracle each reader last saw. The Comptroller's oracle changes only by governance
 * (_setPriceOracle), so a scan that knows it asks the prices in round one and checks the guess
 * against round one's own oracle() at the same block: a changed oracle costs the second round, never
 * a price from the old one.
 */
const oracles = new WeakMap<EthereumReader, Address>();

/**
 * Reads the wallet's Compound v2 markets at one block: round one at 'latest' (beside the Comets'),
 * then, for a wallet with a v2 balance and an oracle not known yet, the prices at round one's block.
 * A wallet without any v2 balance gives [] after round one.
 */
export async function readV2Account(reader: EthereumReader, user: Address, signal: AbortSignal): Promise<V2MarketRead[]> {
  const guess = oracles.get(reader);
  const first = await reader.read(v2RoundOne(user, guess), { signal });
  const blockNumber = decodeUint(expectSuccess(first[0], 'Multicall3.getBlockNumber'));
  const oracle = decodeFunctionResult({ abi: comptrollerViewsAbi, functionName: 'oracle', data: expectSuccess(first[1], 'Comptroller.oracle') });
  oracles.set(reader, oracle);
  const entered = new Set(
    decodeFunctionResult({ abi: comptrollerViewsAbi, functionName: 'getAssetsIn', data: expectSuccess(first[2], 'Comptroller.getAssetsIn') }).map((cToken) => cToken.toLowerCase()),
  );

  const markets = V2_CTOKENS.map((cToken, index) => marketRead(cToken, entered.has(cToken.toLowerCase()), first.slice(HEAD + index * PER_CTOKEN, HEAD + (index + 1) * PER_CTOKEN)));
  const held = markets.filter((market) => market.cTokenBalance > 0n || market.borrowBalance > 0n);
  if (held.length === 0) return [];

  const guessHeld = guess !== undefined && guess.toLowerCase() === oracle.toLowerCase();
  const guessedPrices = first.slice(HEAD + V2_CTOKENS.length * PER_CTOKEN);
  const prices = guessHeld
    ? held.map((market) => guessedPrices[V2_CTOKENS.indexOf(market.cToken)])
    : await reader.read(v2PriceCalls(oracle, held.map((market) => market.cToken)), { blockNumber, signal });
  return held.map((market, index) => {
    const price = priceOf(prices[index]);
    return price === undefined ? market : { ...market, price };
  });
}

function marketRead(cToken: Address, entered: boolean, [snapshotData, marketData, supplyData, borrowData]: EvmResult[]): V2MarketRead {
  const market = CTOKENS[cToken.toLowerCase()]!;
  const [error, cTokenBalance, borrowBalance, exchangeRate] = decodeFunctionResult({
    abi: cTokenViewsAbi,
    functionName: 'getAccountSnapshot',
    data: expectSuccess(snapshotData, `${market.cSymbol}.getAccountSnapshot`),
  });
  // The Comptroller refuses a snapshot with an error too (SNAPSHOT_ERROR): its balances are not to be trusted.
  if (error !== 0n) throw upstreamMalformed('ethereum', new Error(`${market.cSymbol}.getAccountSnapshot answered error ${error}`));
  const [, collateralFactor] = decodeFunctionResult({ abi: comptrollerViewsAbi, functionName: 'markets', data: expectSuccess(marketData, `Comptroller.markets(${market.cSymbol})`) });
  return {
    cToken,
    market,
    entered,
    cTokenBalance,
    borrowBalance,
    exchangeRate,
    collateralFactor,
    supplyRatePerBlock: decodeFunctionResult({ abi: cTokenViewsAbi, functionName: 'supplyRatePerBlock', data: expectSuccess(supplyData, `${market.cSymbol}.supplyRatePerBlock`) }),
    borrowRatePerBlock: decodeFunctionResult({ abi: cTokenViewsAbi, functionName: 'borrowRatePerBlock', data: expectSuccess(borrowData, `${market.cSymbol}.borrowRatePerBlock`) }),
  };
}

/** A price, or undefined where the oracle has none: it reverted, or answered 0 ("price unavailable", PriceOracle.sol). */
function priceOf(result: EvmResult | undefined): bigint | undefined {
  if (!result?.success) return undefined;
  const price = decodeFunctionResult({ abi: v2OracleAbi, functionName: 'getUnderlyingPrice', data: result.returnData });
  return price > 0n ? price : undefined;
}
