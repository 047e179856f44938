import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, zeroAddress } from 'viem';
import { addressWord, callData, wordAt, zeroWords } from '../../../upstream/clients/abiWords.js';
import { heldBefore } from '../../../readers/heldBefore.js';
import { blockNumberCall, decodeUint, type EvmCall, type EvmReader, type EvmResult, expectSuccess } from '../../../upstream/clients/ethereumReader.js';
import { aggregatorAbi, morphoBlueAbi, oracleAbi, vaultAbi } from '../abi.js';
import { ETHEREUM, MORPHO_BLUE, type MorphoChain, type Vault } from '../deployment.js';
import type { MarketParams } from '../readVaultGovernance.js';
import { vaultGrossRate, vaultNetRate } from './adaptiveCurve.js';
import { ADAPTIVE_CURVE_IRM, EXPOSURE_READS, marketId } from './blueMarkets.js';
import { decodeQueue, MARKET_CALLS, marketRateCalls, marketsOfQueue, QUEUE_CALLS, queueCalls, sameQueue } from './vaultRateReads.js';

/** A vault the wallet holds shares of. */
export interface VaultHoldingRead {
  vault: Vault;
  shares: bigint;
  /** convertToAssets(shares): what the shares are worth in the vault's asset, at the round's block. */
  assets: bigint;
  /** The vault's performance fee, WAD. */
  fee: bigint;
  /** What a depositor earns, per second, WAD, net of the vault's fee (adaptiveCurve.ts); absent when a read behind it failed. */
  rate?: bigint;
}

/** The wallet's position in one Morpho Blue market, with the market's totals and its oracle's price. */
export interface BluePositionRead {
  params: MarketParams;
  id: Hex;
  supplyShares: bigint;
  borrowShares: bigint;
  collateral: bigint;
  totalSupplyAssets: bigint;
  totalSupplyShares: bigint;
  totalBorrowAssets: bigint;
  totalBorrowShares: bigint;
  /** IOracle.price() (1e36-scaled); absent when the oracle reverted: the position then has no health factor. */
  price?: bigint;
}

export interface MorphoAccountRead {
  chain: MorphoChain;
  vaults: VaultHoldingRead[];
  blue: BluePositionRead[];
  /** USD per whole token, by symbol, from Chainlink (8 decimals); absent when a feed reverted or answered ≤ 0. */
  usd: Record<string, number>;
}

const call = (target: Address, data: Hex): EvmCall => ({ target, callData: data });
const feedsOf = (chain: MorphoChain) => Object.entries(EXPOSURE_READS[chain.name].usdFeeds);

/** Selectors of the two round-one reads that name the wallet (the rest of their calldata is words). */
const BALANCE_OF = encodeFunctionData({ abi: vaultAbi, functionName: 'balanceOf', args: [zeroAddress] }).slice(0, 10) as Hex;
const POSITION = encodeFunctionData({ abi: morphoBlueAbi, functionName: 'position', args: [`0x${'0'.repeat(64)}`, zeroAddress] }).slice(0, 10) as Hex;

interface FixedReads {
  markets: { params: MarketParams; id: Hex; market: EvmCall; price: EvmCall }[];
  fees: EvmCall[];
  feeds: EvmCall[];
}

/**
 * Each chain's markets (with their keccak ids) and the round-one calls that name no wallet, worked
 * out once per process: viem's encoder and keccak at every scan were a visible part of an uncached
 * scan's CPU (bench/scanCpu.ts). Keyed by chain object, so a test's own chain gets its own.
 */
const fixedReads = new WeakMap<MorphoChain, FixedReads>();
function fixedReadsOf(chain: MorphoChain): FixedReads {
  let fixed = fixedReads.get(chain);
  if (!fixed) {
    const markets = EXPOSURE_READS[chain.name].markets.map((params) => {
      const id = marketId(params);
      return {
        params,
        id,
        market: call(MORPHO_BLUE, encodeFunctionData({ abi: morphoBlueAbi, functionName: 'market', args: [id] })),
        price: call(params.oracle, encodeFunctionData({ abi: oracleAbi, functionName: 'price' })),
      };
    });
    const fees = chain.vaults.map((vault) => call(vault.address, encodeFunctionData({ abi: vaultAbi, functionName: 'fee' })));
    const feeds = feedsOf(chain).map(([, feed]) => call(feed, encodeFunctionData({ abi: aggregatorAbi, functionName: 'latestRoundData' })));
    fixedReads.set(chain, (fixed = { markets, fees, feeds }));
  }
  return fixed;
}

/** Round one: the block, each listed vault's balance and fee, each listed market's position, totals and price, the USD feeds. Pure. */
export function morphoRoundOne(user: Address, chain: MorphoChain = ETHEREUM): EvmCall[] {
  const { markets, fees, feeds } = fixedReadsOf(chain);
  const wallet = addressWord(user);
  return [
    blockNumberCall,
    ...chain.vaults.flatMap((vault, index) => [call(vault.address, callData(BALANCE_OF, wallet)), fees[index]!]),
    ...markets.flatMap(({ id, market, price }) => [call(MORPHO_BLUE, callData(POSITION, id.slice(2).toLowerCase(), wallet)), market, price]),
    ...feeds,
  ];
}

/**
 * Each vault's withdraw queue as this reader last saw it (ids by vault address), per reader as the
 * lending-pool reader keeps its market shapes: bounded by the listed vaults. Round one asks the
 * queue only of vaults not seen yet, so a warm scan's round one is as small as before; round two
 * reads the held vault's queue again at the same block as its markets, so a changed queue is seen
 * at once and costs one more round, never a stale rate.
 */
const queues = new WeakMap<EvmReader, Map<string, readonly Hex[]>>();

const convertToAssetsCall = (vault: Vault, shares: bigint): EvmCall => call(vault.address, encodeFunctionData({ abi: vaultAbi, functionName: 'convertToAssets', args: [shares] }));

/**
 * Reads the wallet's Morpho holdings on one chain through that chain's shared reader: round one at
 * 'latest' rides in the same aggregate3 as the other EVM modules' first reads (with, the first time
 * a reader sees a vault, its withdraw queue); a vault holder adds round two at that block —
 * convertToAssets of the shares, and for the vault's rate its queue again and, per market of the
 * queue, the totals, the vault's position, the parameters and the IRM's rate at target. So a scan
 * stays at two HTTP requests on the chain's upstream, one for a wallet with no vault shares; a
 * queue changed since the reader last saw it adds a third, for the rate only. On a reader that knows
 * every queue, a wallet that held nothing on the chain at its last scan (heldBefore.ts) is asked
 * only its balances (morphoProbe: no fee, totals, price or feed); if it now holds something, round
 * one and the held vaults' round two follow together at the probe's block: two requests again.
 */
export async function readMorphoAccount(reader: EvmReader, chain: MorphoChain, user: Address, signal: AbortSignal): Promise<MorphoAccountRead> {
  const seen = queues.get(reader) ?? new Map<string, readonly Hex[]>();
  queues.set(reader, seen);
  const key = (vault: Vault) => vault.address.toLowerCase();
  const { markets } = fixedReadsOf(chain);
  const feeds = feedsOf(chain);
  const roundOne = morphoRoundOne(user, chain);
  const unseen = chain.vaults.filter((vault) => !seen.has(key(vault)));
  const memory = heldBefore(reader);
  const held = `morpho:${chain.name}`;
  const irm = ADAPTIVE_CURVE_IRM[chain.name];
  // A reader that knows every vault's queue, and a wallet that held nothing here at its last scan: the wallet's balances alone decide.
  let first: EvmResult[];
  let early: { shares: readonly bigint[]; results: EvmResult[] } | undefined;
  if (unseen.length === 0 && !memory.held(user, held)) {
    const probe = await reader.read(morphoProbe(user, chain), { signal });
    const probeBlock = decodeUint(expectSuccess(probe[0], 'Multicall3.getBlockNumber', chain.upstream));
    const shares = chain.vaults.map((vault, index) => wordAt(expectSuccess(probe[1 + index], `${vault.name} balanceOf`, chain.upstream), 0));
    const positions = markets.map((_, index) => expectSuccess(probe[1 + chain.vaults.length + index], 'Morpho.position', chain.upstream));
    if (shares.every((amount) => amount === 0n) && positions.every((position) => zeroWords(position, 3))) return { chain, vaults: [], blue: [], usd: {} };
    // Something is held: round one whole and, for the vaults held, round two, both at the probe's block (one request more).
    const roundTwo = secondRound(chain.vaults.flatMap((vault, index) => (shares[index]! > 0n ? [{ vault, shares: shares[index]!, ids: seen.get(key(vault)) ?? [] }] : [])), irm);
    const both = await reader.read([...roundOne, ...roundTwo], { blockNumber: probeBlock, signal });
    first = both.slice(0, roundOne.length);
    early = { shares, results: both.slice(roundOne.length) };
  } else first = await reader.read([...roundOne, ...unseen.flatMap((vault) => queueCalls(vault.address))], { signal });
  const must = (result: EvmResult | undefined, what: string) => expectSuccess(result, what, chain.upstream);
  const blockNumber = decodeUint(must(first[0], 'Multicall3.getBlockNumber'));
  let at = 1;
  const vaultReads = chain.vaults.map((vault) => {
    // Static answers read word by word (abiWords.ts), as viem's decoder reads them.
    const shares = wordAt(must(first[at++], `${vault.name} balanceOf`), 0);
    const fee = wordAt(must(first[at++], `${vault.name} fee`), 0);
    return { vault, shares, fee };
  });
  const blue = markets.flatMap(({ params, id }): BluePositionRead[] => {
    const position = must(first[at++], 'Morpho.position');
    const [supplyShares, borrowShares, collateral] = [wordAt(position, 0), wordAt(position, 1), wordAt(position, 2)];
    const market = must(first[at++], 'Morpho.market');
    // Its six words must be there, as viem's decoder required, though four are used.
    wordAt(market, 5);
    const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares] = [wordAt(market, 0), wordAt(market, 1), wordAt(market, 2), wordAt(market, 3)];
    const price = optionalUint(first[at++]);
    if (supplyShares === 0n && borrowShares === 0n && collateral === 0n) return [];
    return [{ params, id, supplyShares, borrowShares, collateral, totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, ...(price !== undefined && { price }) }];
  });
  const usd: Record<string, number> = {};
  for (const [symbol] of feeds) {
    const result = first[at++];
    if (!result?.success) continue;
    const [, answer] = decodeFunctionResult({ abi: aggregatorAbi, functionName: 'latestRoundData', data: result.returnData });
    if (answer > 0n) usd[symbol] = Number(answer) / 1e8;
  }
  for (const vault of unseen) {
    const queue = decodeQueue(first.slice(at, (at += QUEUE_CALLS)));
    if (queue) seen.set(key(vault), queue);
  }

  const holdings = vaultReads.filter((entry) => entry.shares > 0n).map((entry) => ({ ...entry, ids: seen.get(key(entry.vault)) ?? [] }));
  memory.remember(user, held, holdings.length > 0 || blue.length > 0);
  // Round two rode with round one when the probe asked it, for the same shares at the same block.
  const second = early ? early.results : await reader.read(secondRound(holdings, irm), { blockNumber, signal });
  at = 0;
  const answered = holdings.map((entry) => {
    const assets = decodeFunctionResult({ abi: vaultAbi, functionName: 'convertToAssets', data: must(second[at++], `${entry.vault.name} convertToAssets`) });
    const queue = decodeQueue(second.slice(at, (at += QUEUE_CALLS)));
    const marketResults = second.slice(at, (at += entry.ids.length * MARKET_CALLS));
    return { ...entry, assets, queue, marketResults };
  });

  // A queue the reader had wrong (an allocator changed it): its markets, read again at the same block.
  const changed = answered.filter((entry) => entry.queue !== undefined && !sameQueue(entry.queue, entry.ids));
  for (const entry of changed) seen.set(key(entry.vault), entry.queue!);
  const third = changed.length === 0 ? [] : await readAgain(reader, changed.flatMap((entry) => marketRateCalls(entry.queue!, entry.vault.address, irm)), blockNumber, signal);
  at = 0;
  const vaults = answered.map(({ vault, shares, fee, assets, queue, ids, marketResults }): VaultHoldingRead => {
    const current = queue !== undefined && !sameQueue(queue, ids) ? queue : ids;
    const results = current === ids ? marketResults : third?.slice(at, (at += current.length * MARKET_CALLS));
    const supplied = queue === undefined || results === undefined ? undefined : marketsOfQueue(current, results, irm);
    const gross = supplied && vaultGrossRate(supplied);
    return { vault, shares, fee, assets, ...(gross !== undefined && { rate: vaultNetRate(gross, fee) }) };
  });
  return { chain, vaults, blue, usd };
}

/** The probe: the block and the wallet's balance in each listed vault and position in each listed market. Pure. */
export function morphoProbe(user: Address, chain: MorphoChain = ETHEREUM): EvmCall[] {
  const wallet = addressWord(user);
  return [blockNumberCall, ...chain.vaults.map((vault) => call(vault.address, callData(BALANCE_OF, wallet))), ...fixedReadsOf(chain).markets.map(({ id }) => call(MORPHO_BLUE, callData(POSITION, id.slice(2).toLowerCase(), wallet)))];
}

/** Round two for the vaults held: convertToAssets of the shares, the queue again, and per market of the known queue its rate's reads. Pure. */
const secondRound = (holdings: readonly { vault: Vault; shares: bigint; ids: readonly Hex[] }[], irm: Address): EvmCall[] =>
  holdings.flatMap(({ vault, shares, ids }) => [convertToAssetsCall(vault, shares), ...queueCalls(vault.address), ...marketRateCalls(ids, vault.address, irm)]);

/**
 * The third round, for rates only: the positions are already whole, so its failure leaves the
 * changed vaults without a rate (their fee changes then stay unquantified) rather than failing them.
 */
async function readAgain(reader: EvmReader, calls: EvmCall[], blockNumber: bigint, signal: AbortSignal): Promise<EvmResult[] | undefined> {
  try {
    return await reader.read(calls, { blockNumber, signal });
  } catch {
    signal.throwIfAborted();
    return undefined;
  }
}

function optionalUint(result: EvmResult | undefined): bigint | undefined {
  if (!result?.success) return undefined;
  try {
    return wordAt(result.returnData, 0);
  } catch {
    return undefined;
  }
}
