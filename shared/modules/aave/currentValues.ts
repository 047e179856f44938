import { type Address, getAddress } from 'viem';
import type { ChainReading } from '../../domain/chainReading.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { decodeConfigurationWord, getConfigurationCall } from '../../readers/lendingPool/getConfiguration.js';
import { CONFIGURATION_FIELDS, reserveConfiguration } from '../../readers/lendingPool/reserveConfiguration.js';
import { evmReader } from '../../upstream/clients/ethereumReader.js';
import { chainName } from '../../upstream/chainNames.js';
import { describeFailure } from '../../upstream/describeFailure.js';
import type { UpstreamId } from '../../upstream/endpoints.js';
import type { ComponentContext, CurrentValueReader } from '../types.js';
import { AAVE_MARKETS, type AaveMarket, BOOK_MARKETS, marketSlugOf } from './exposure/markets.js';

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

type Plan = { market: AaveMarket; asset: Address; field: (typeof CONFIGURATION_FIELDS)[keyof typeof CONFIGURATION_FIELDS] } | { notRead: string };

/** How each change is read: its market's pool and its reserve's configuration word, or why not. Pure. */
export function aavePlans(changes: readonly ParameterChange[]): Plan[] {
  return changes.map((change): Plan => {
    if (change.parameter === 'listing') return { notRead: 'a listing replaces no value: before it, the asset is not listed' };
    const field = CONFIGURATION_FIELDS[change.parameter as keyof typeof CONFIGURATION_FIELDS];
    if (!field) return { notRead: 'this parameter is not read on chain yet' };
    const market = AAVE_MARKETS.find((candidate) => candidate.market === change.market);
    if (!market) return { notRead: change.market ? 'this market is not read on chain' : 'it names no market' };
    const asset = change.asset ? RESERVES.get(market.market)?.get(change.asset.toLowerCase()) : undefined;
    if (!asset) return { notRead: 'the asset is not a reserve of this market in the address book' };
    return { market, asset: getAddress(asset), field };
  });
}

/** A cap of 0 is no cap at all (ValidationLogic): said in words, never as a cap of nothing. */
const inUnit = (field: string, value: number): number | string => ((field === 'borrowCap' || field === 'supplyCap') && value === 0 ? 'no cap' : value);

/**
 * Aave's current values: each change's reserve configuration, one aggregated read per chain (a
 * chain that fails costs its own changes, said "could not be read", never the others').
 */
export const aaveCurrentValues = (): CurrentValueReader => ({
  async readCurrentValues(changes: readonly ParameterChange[], context: ComponentContext): Promise<ChainReading[]> {
    const plans = aavePlans(changes);
    const readings: ChainReading[] = plans.map((plan) => ('notRead' in plan ? { notRead: plan.notRead } : { notRead: 'not read' }));
    const byChain = new Map<UpstreamId, number[]>();
    plans.forEach((plan, index) => {
      if ('market' in plan) byChain.set(plan.market.chain, [...(byChain.get(plan.market.chain) ?? []), index]);
    });
    await Promise.all(
      [...byChain].map(async ([chain, indices]) => {
        const chainPlans = indices.map((index) => plans[index] as Exclude<Plan, { notRead: string }>);
        try {
          const reader = evmReader(context.upstreams[chain], chainPlans[0]!.market.viemChain);
          const calls = chainPlans.map(({ market, asset }) => getConfigurationCall(market.pool, asset));
          const results = await reader.read(calls, { signal: context.signal });
          indices.forEach((index, at) => {
            const { success, returnData } = results[at]!;
            const plan = chainPlans[at]!;
            if (!success) return void (readings[index] = { notRead: 'the pool refused the read' });
            const configuration = reserveConfiguration(decodeConfigurationWord(returnData));
            // A pool answers an unknown asset with an empty word, not a revert: a reserve not yet listed has no old value.
            if (!configuration.active) return void (readings[index] = { notRead: 'the asset is not an active reserve of this market on chain' });
            readings[index] = { value: inUnit(plan.field, configuration[plan.field]) };
          });
        } catch (error) {
          // Named by the chain in words: the failure's own text may name an upstream, or only a library's error.
          for (const index of indices) readings[index] = { notRead: `could not be read on ${chainName(chain)} (${describeFailure(error)})` };
        }
      }),
    );
    return readings;
  },
});
