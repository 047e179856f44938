import { type Address, decodeFunctionResult, encodeFunctionData, getAddress } from 'viem';
import { blockNumberCall, decodeUint, type EthereumReader, type EvmCall, type EvmResult, expectSuccess } from '../../../upstream/clients/ethereumReader.js';
import { upstreamMalformed } from '../../../upstream/errors.js';
import { addressAt, wordAt } from '../../../upstream/clients/abiWords.js';
import { heldBefore } from '../../../readers/heldBefore.js';
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
/** Reads per cToken past its snapshot: markets, supplyRatePerBlock, borrowRatePerBlock. */
const DETAILS = 3;

const call = (target: Address, callData: `0x${string}`): EvmCall => ({ target, callData });

/** The oracle's price of each of `cTokens`' underlying. Pure. */
export const v2PriceCalls = (oracle: Address, cTokens: readonly Address[]): EvmCall[] =>
  cTokens.map((cToken) => call(oracle, encodeFunctionData({ abi: v2OracleAbi, functionName: 'getUnderlyingPrice', args: [cToken] })));

/** Each cToken's reads past the wallet's snapshot: its collateral factor and its rates. Pure. */
const detailCalls = (cToken: Address): EvmCall[] => [
  call(COMPTROLLER, encodeFunctionData({ abi: comptrollerViewsAbi, functionName: 'markets', args: [cToken] })),
  call(cToken, encodeFunctionData({ abi: cTokenViewsAbi, functionName: 'supplyRatePerBlock' })),
  call(cToken, encodeFunctionData({ abi: cTokenViewsAbi, functionName: 'borrowRatePerBlock' })),
];

/**
 * Round one: the Comptroller's oracle and the account's assetsIn, then for every listed cToken the
 * account's snapshot (the probe) and, unless `full` is false, its collateral factor and its rates;
 * with the oracle an earlier scan saw, every price too. Every call is independent of the others, so
 * this joins the Comets' round one. Pure.
 */
export function v2RoundOne(user: Address, knownOracle?: Address, full = true): EvmCall[] {
  return [
    blockNumberCall,
    call(COMPTROLLER, encodeFunctionData({ abi: comptrollerViewsAbi, functionName: 'oracle' })),
    call(COMPTROLLER, encodeFunctionData({ abi: comptrollerViewsAbi, functionName: 'getAssetsIn', args: [user] })),
    ...V2_CTOKENS.map((cToken) => call(cToken, encodeFunctionData({ abi: cTokenViewsAbi, functionName: 'getAccountSnapshot', args: [user] }))),
    ...(full ? V2_CTOKENS.flatMap(detailCalls) : []),
    ...(full && knownOracle ? v2PriceCalls(knownOracle, V2_CTOKENS) : []),
  ];
}

/**
 * The oracle each reader last saw. The Comptroller's oracle changes only by governance
 * (_setPriceOracle), so a scan that knows it asks the prices in round one and checks the guess
 * against round one's own oracle() at the same block: a changed oracle costs the second round, never
 * a price from the old one.
 */
const oracles = new WeakMap<EthereumReader, Address>();

/** The key v2 is remembered under in heldBefore (one Comptroller). */
const V2_MEMORY_KEY = 'compound-v2';

/**
 * Reads the wallet's Compound v2 markets at one block: round one at 'latest' (beside the Comets'),
 * then, for a wallet with a v2 balance, what round one did not ask at round one's block: the prices
 * when the oracle was not known yet and, when round one was the probe alone (the wallet held no v2
 * at its last scan on this reader, heldBefore.ts), the held markets' factors and rates. A wallet
 * without any v2 balance gives [] after round one.
 */
export async function readV2Account(reader: EthereumReader, user: Address, signal: AbortSignal): Promise<V2MarketRead[]> {
  const guess = oracles.get(reader);
  const memory = heldBefore(reader);
  const full = guess === undefined || memory.held(user, V2_MEMORY_KEY);
  const first = await reader.read(v2RoundOne(user, guess, full), { signal });
  const blockNumber = decodeUint(expectSuccess(first[0], 'Multicall3.getBlockNumber'));
  const oracle = addressAt(expectSuccess(first[1], 'Comptroller.oracle'), 0);
  oracles.set(reader, oracle);
  const snapshots = first.slice(HEAD, HEAD + V2_CTOKENS.length);
  // getAccountSnapshot: (error, cTokenBalance, borrowBalance, exchangeRate); a market held is one with a balance.
  const heldAt = V2_CTOKENS.flatMap((_, index) => (snapshotHolds(V2_CTOKENS[index]!, snapshots[index]) ? [index] : []));
  memory.remember(user, V2_MEMORY_KEY, heldAt.length > 0);
  if (heldAt.length === 0) return [];
  const entered = new Set(
    decodeFunctionResult({ abi: comptrollerViewsAbi, functionName: 'getAssetsIn', data: expectSuccess(first[2], 'Comptroller.getAssetsIn') }).map((cToken) => cToken.toLowerCase()),
  );

  const guessHeld = full && guess !== undefined && guess.toLowerCase() === oracle.toLowerCase();
  const detailsAt = HEAD + V2_CTOKENS.length;
  const guessedPricesAt = detailsAt + V2_CTOKENS.length * DETAILS;
  // What round one did not ask, at its block: the held markets' details (a probe-only round) and their prices (an oracle not known, or changed).
  const late = [...(full ? [] : heldAt.flatMap((index) => detailCalls(V2_CTOKENS[index]!))), ...(guessHeld ? [] : v2PriceCalls(oracle, heldAt.map((index) => V2_CTOKENS[index]!)))];
  const second = late.length > 0 ? await reader.read(late, { blockNumber, signal }) : [];
  const lateDetailsAt = 0;
  const latePricesAt = full ? 0 : heldAt.length * DETAILS;
  return heldAt.map((index, at) => {
    const details = full ? first.slice(detailsAt + index * DETAILS, detailsAt + (index + 1) * DETAILS) : second.slice(lateDetailsAt + at * DETAILS, lateDetailsAt + (at + 1) * DETAILS);
    const cToken = V2_CTOKENS[index]!;
    const market = marketRead(cToken, entered.has(cToken.toLowerCase()), [snapshots[index]!, ...details]);
    const price = priceOf(guessHeld ? first[guessedPricesAt + index] : second[latePricesAt + at]);
    return price === undefined ? market : { ...market, price };
  });
}

/** Whether a cToken's snapshot shows a balance or a borrow; throws on a snapshot that did not answer or carries an error, as marketRead does. */
function snapshotHolds(cToken: Address, result: EvmResult | undefined): boolean {
  const data = expectSuccess(result, `${CTOKENS[cToken.toLowerCase()]!.cSymbol}.getAccountSnapshot`);
  if (wordAt(data, 0) !== 0n) throw upstreamMalformed('ethereum', new Error(`${CTOKENS[cToken.toLowerCase()]!.cSymbol}.getAccountSnapshot answered error ${wordAt(data, 0)}`));
  return wordAt(data, 1) > 0n || wordAt(data, 2) > 0n;
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
