import { type Address, getAddress } from 'viem';
import type { ChainReading } from '../../domain/chainReading.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { decodeConfigurationWord, getConfigurationCall } from '../../readers/lendingPool/getConfiguration.js';
import { CONFIGURATION_FIELDS, reserveConfiguration } from '../../readers/lendingPool/reserveConfiguration.js';
import { type ChainPlan, readCurrentValuePlansByChain } from '../../readers/currentValuePlansByChain.js';
import type { ComponentContext, CurrentValueReader } from '../types.js';
import { AAVE_MARKETS, BOOK_MARKETS, marketSlugOf } from './exposure/markets.js';

/**
 * Each market's reserves by the names changes give them: the address book's asset keys, which put
 * `_` where a symbol has `-` (`PT_USDG_29OCT2026`) and spell some out (`ONE_INCH`). The book's
 * market objects carry ASSETS beside the pool addresses markets.ts types.
 */
const RESERVES: ReadonlyMap<string, ReadonlyMap<string, Address>> = new Map(
  Object.entries(BOOK_MARKETS).map(([name, book]) => {
    const assets = (book as unknown as { ASSETS?: Readonly<Record<string, { UNDERLYING: Address }>> }).ASSETS ?? {};
    const byName = new Map<string, Address>();
    for (const [key, asset] of Object.entries(assets)) {
      byName.set(key.toLowerCase(), asset.UNDERLYING);
      byName.set(key.replace(/_/g, '-').toLowerCase(), asset.UNDERLYING);
    }
    if (assets.ONE_INCH) byName.set('1inch', assets.ONE_INCH.UNDERLYING);
    return [marketSlugOf(name, book.CHAIN_ID), byName];
  }),
);

/**
 * How each change is read: its reserve's configuration word on its market's pool, on the market's
 * chain, decoded into the change's field; or why not. Pure.
 */
export function aavePlans(changes: readonly ParameterChange[]): ChainPlan[] {
  return changes.map((change): ChainPlan => {
    if (change.parameter === 'listing') return { notRead: 'a listing replaces no value: before it, the asset is not listed' };
    const field = CONFIGURATION_FIELDS[change.parameter as keyof typeof CONFIGURATION_FIELDS];
    if (!field) return { notRead: 'this parameter is not read on chain yet' };
    const market = AAVE_MARKETS.find((candidate) => candidate.market === change.market);
    if (!market) return { notRead: change.market ? 'this market is not read on chain' : 'it names no market' };
    const asset = change.asset ? RESERVES.get(market.market)?.get(change.asset.toLowerCase()) : undefined;
    if (!asset) return { notRead: 'the asset is not a reserve of this market in the address book' };
    return { upstream: market.chain, chain: market.viemChain, plan: { calls: [getConfigurationCall(market.pool, getAddress(asset))], value: ([answer]) => fieldOf(decodeConfigurationWord(answer!.returnData), field) } };
  });
}

/** A field of a reserve's configuration word in the change's unit. Pure. */
function fieldOf(word: bigint, field: (typeof CONFIGURATION_FIELDS)[keyof typeof CONFIGURATION_FIELDS]): ChainReading {
  const configuration = reserveConfiguration(word);
  // A pool answers an unknown asset with an empty word, not a revert: a reserve not yet listed has no old value.
  if (!configuration.active) return { notRead: 'the asset is not an active reserve of this market on chain' };
  const value = configuration[field];
  // A cap of 0 is no cap at all (ValidationLogic): said in words, never as a cap of nothing.
  return { value: (field === 'borrowCap' || field === 'supplyCap') && value === 0 ? 'no cap' : value };
}

/**
 * Aave's current values: each change's reserve configuration, every chain's in one aggregate3 of its
 * own (no other module's reads join it, so a recorded feed build asks the same at every run). A
 * chain that fails costs its own changes, said "could not be read on <chain>", never the others'.
 */
export const aaveCurrentValues = (): CurrentValueReader => ({
  readCurrentValues: (changes: readonly ParameterChange[], context: ComponentContext): Promise<ChainReading[]> => readCurrentValuePlansByChain(context.upstreams, aavePlans(changes), context.signal),
});
