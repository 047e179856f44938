import { type Address, getAddress } from 'viem';
import { mainnet } from 'viem/chains';
import type { ChainReading } from '../../domain/chainReading.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { type CurrentValuePlan, readCurrentValuePlans } from '../../readers/currentValuePlans.js';
import { decodeConfigurationWord, getConfigurationCall } from '../../readers/lendingPool/getConfiguration.js';
import { CONFIGURATION_FIELDS, reserveConfiguration } from '../../readers/lendingPool/reserveConfiguration.js';
import type { ComponentContext, CurrentValueReader } from '../types.js';
import { SPARKLEND_ETHEREUM, SPARKLEND_SYMBOLS } from './exposure/deployment.js';

/** SparkLend Ethereum's reserves by the symbols changes give them, in lower case. */
const RESERVES: ReadonlyMap<string, Address> = new Map(Object.entries(SPARKLEND_SYMBOLS).map(([address, symbol]) => [symbol.toLowerCase(), getAddress(address)]));

/** The frozen bit of a v3 configuration word (aave-v3-origin ReserveConfiguration.sol FROZEN_MASK: bit 57). */
const FROZEN_BIT = 57n;

/** A cap of 0 is no cap at all (ValidationLogic): said in words, never as a cap of nothing. */
const inUnit = (field: string, value: number): number | string => ((field === 'borrowCap' || field === 'supplyCap') && value === 0 ? 'no cap' : value);

/**
 * How one change is read: its reserve's configuration word on SparkLend Ethereum's pool (an Aave
 * v3.0 pool: the same word, decoded by the shared reserveConfiguration), or why not. The freezes the
 * cap automator's source reports are the word's frozen bit. Pure.
 */
function sparkPlan(change: ParameterChange): CurrentValuePlan {
  if (change.parameter === 'listing' && change.to === 'listed') return { notRead: 'a listing replaces no value: before it, the asset is not listed' };
  const freeze = change.parameter === 'listing' && (change.to === 'frozen' || change.to === 'unfrozen');
  const field = CONFIGURATION_FIELDS[change.parameter as keyof typeof CONFIGURATION_FIELDS];
  if (!field && !freeze) return { notRead: 'this parameter is not read on chain yet' };
  if (change.market !== SPARKLEND_ETHEREUM.market) return { notRead: change.market ? 'only SparkLend Ethereum is read on chain yet' : 'it names no market' };
  const asset = change.asset ? RESERVES.get(change.asset.toLowerCase()) : undefined;
  if (!asset) return { notRead: 'the asset is not a reserve SparkLend Ethereum lists here' };
  return {
    calls: [getConfigurationCall(SPARKLEND_ETHEREUM.pool, asset)],
    value: ([answer]): ChainReading => {
      const word = decodeConfigurationWord(answer!.returnData);
      const configuration = reserveConfiguration(word);
      // A pool answers an unknown asset with an empty word, not a revert: a reserve not yet listed has no old value.
      if (!configuration.active) return { notRead: 'the asset is not an active reserve of SparkLend on chain' };
      if (freeze) return { value: (word >> FROZEN_BIT) & 1n ? 'frozen' : 'unfrozen' };
      return { value: inUnit(field!, configuration[field!]) };
    },
  };
}

/** How each change is read on Ethereum. Pure. */
export const sparkPlans = (changes: readonly ParameterChange[]): CurrentValuePlan[] => changes.map(sparkPlan);

/**
 * Spark's current values: each change's reserve configuration on SparkLend Ethereum, every one in
 * one aggregated read (getConfiguration per reserve), in the changes' units (shares in basis
 * points, caps in whole tokens, a freeze as frozen or unfrozen).
 */
export const sparkCurrentValues = (): CurrentValueReader => ({
  readCurrentValues: (changes: readonly ParameterChange[], context: ComponentContext): Promise<ChainReading[]> =>
    readCurrentValuePlans(context.upstreams.ethereum, mainnet, sparkPlans(changes), context.signal),
});
