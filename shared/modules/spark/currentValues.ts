import { type Address, decodeFunctionResult, encodeFunctionData, formatUnits, getAddress } from 'viem';
import { mainnet } from 'viem/chains';
import type { ChainReading } from '../../domain/chainReading.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { type CurrentValuePlan, readCanonically, readCurrentValuePlans } from '../../readers/currentValuePlans.js';
import { poolV30Abi, rateStrategyV30Abi } from '../../readers/lendingPool/lendingPoolAbi.js';
import { decodeConfigurationWord, getConfigurationCall } from '../../readers/lendingPool/getConfiguration.js';
import { CONFIGURATION_FIELDS, reserveConfiguration } from '../../readers/lendingPool/reserveConfiguration.js';
import { chainName } from '../../upstream/chainNames.js';
import { aggregateCall } from '../../upstream/clients/aggregateCall.js';
import { evmClient } from '../../upstream/clients/ethereumClient.js';
import { describeFailure } from '../../upstream/describeFailure.js';
import type { Upstream } from '../../upstream/upstreams.js';
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
  const curve = change.parameter in CURVE;
  if (!field && !freeze && !curve) return { notRead: 'this parameter is not read on chain yet' };
  if (change.market !== SPARKLEND_ETHEREUM.market) return { notRead: change.market ? 'only SparkLend Ethereum is read on chain yet' : 'it names no market' };
  const asset = change.asset ? RESERVES.get(change.asset.toLowerCase()) : undefined;
  if (!asset) return { notRead: 'the asset is not a reserve SparkLend Ethereum lists here' };
  // Read after the configuration words, from the reserve's strategy (readCurves).
  if (curve) return { notRead: 'not read' };
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
 * The rate curve's kinds, each a getter of the reserve's v3.0 strategy (in ray), in the unit the
 * config engine's changes state it (configEngineChanges.ts: optimal usage in bps, rates as fractions).
 */
const CURVE = {
  optimalUsage: { getter: 'OPTIMAL_USAGE_RATIO', bps: true },
  baseRate: { getter: 'getBaseVariableBorrowRate', bps: false },
  slope1: { getter: 'getVariableRateSlope1', bps: false },
  slope2: { getter: 'getVariableRateSlope2', bps: false },
} as const;
type CurveKind = keyof typeof CURVE;

/** The curve changes' reserves, or undefined for a change that is no readable curve change. Pure. */
function curveReserve(change: ParameterChange): Address | undefined {
  if (!(change.parameter in CURVE) || change.market !== SPARKLEND_ETHEREUM.market || !change.asset) return undefined;
  return RESERVES.get(change.asset.toLowerCase());
}

/**
 * The curve changes' current values in two rounds: each reserve's strategy from Pool.getReserveData
 * (v3.0: the strategy is per reserve and a spell swaps it), then that strategy's getters. Failures
 * are said per change, never thrown.
 */
async function readCurves(upstream: Upstream, changes: readonly ParameterChange[], indices: readonly number[], signal: AbortSignal | undefined, readings: ChainReading[]): Promise<void> {
  const client = evmClient(upstream, mainnet, signal);
  const read = (calls: Parameters<typeof aggregateCall>[2]) => readCanonically((unique) => aggregateCall(client, upstream.id, unique), calls);
  try {
    const assets = indices.map((index) => curveReserve(changes[index]!)!);
    const data = await read(assets.map((asset) => ({ target: SPARKLEND_ETHEREUM.pool, callData: encodeFunctionData({ abi: poolV30Abi, functionName: 'getReserveData', args: [asset] }) })));
    const strategies = data.map((result) => {
      if (!result.success) return undefined;
      try {
        return decodeFunctionResult({ abi: poolV30Abi, functionName: 'getReserveData', data: result.returnData }).interestRateStrategyAddress;
      } catch {
        return undefined;
      }
    });
    const getters = indices.map((index, at) => ({ strategy: strategies[at], getter: CURVE[changes[index]!.parameter as CurveKind].getter }));
    const asked = getters.filter((entry) => entry.strategy !== undefined);
    const answers = await read(asked.map(({ strategy, getter }) => ({ target: strategy!, callData: encodeFunctionData({ abi: rateStrategyV30Abi, functionName: getter }) })));
    let next = 0;
    indices.forEach((index, at) => {
      const { strategy, getter } = getters[at]!;
      if (strategy === undefined) return void (readings[index] = { notRead: 'the pool did not name the reserve’s rate strategy' });
      const answer = answers[next++]!;
      if (!answer.success) return void (readings[index] = { notRead: 'the reserve’s rate strategy has no such getter' });
      try {
        const ray = decodeFunctionResult({ abi: rateStrategyV30Abi, functionName: getter, data: answer.returnData });
        const fraction = Number(formatUnits(ray, 27));
        readings[index] = { value: CURVE[changes[index]!.parameter as CurveKind].bps ? fraction * 10_000 : fraction };
      } catch {
        readings[index] = { notRead: 'the contract’s answer could not be decoded' };
      }
    });
  } catch (error) {
    for (const index of indices) readings[index] = { notRead: `could not be read on ${chainName(upstream.id)} (${describeFailure(error)})` };
  }
}

/**
 * Spark's current values: each change's reserve configuration on SparkLend Ethereum, every one in
 * one aggregated read (getConfiguration per reserve), in the changes' units (shares in basis
 * points, caps in whole tokens, a freeze as frozen or unfrozen); a rate curve's point from the
 * reserve's strategy, in two more rounds.
 */
export const sparkCurrentValues = (): CurrentValueReader => ({
  async readCurrentValues(changes: readonly ParameterChange[], context: ComponentContext): Promise<ChainReading[]> {
    const readings = await readCurrentValuePlans(context.upstreams.ethereum, mainnet, sparkPlans(changes), context.signal);
    const curves = changes.flatMap((change, index) => (curveReserve(change) ? [index] : []));
    if (curves.length > 0) await readCurves(context.upstreams.ethereum, changes, curves, context.signal, readings);
    return readings;
  },
});
