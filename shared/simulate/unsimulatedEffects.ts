import type { ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition } from '../domain/position.js';
import type { CheckedChange } from './checkAgainstChain.js';
import type { Effect } from './effect.js';
import { formatNumber, formatPercent } from './format.js';

/** "liquidationThreshold of WETH", "eModeLtv of eMode category 1", "communityTax": what a change moves, naming only its own asset. */
export const subjectOf = (change: ParameterChange): string => {
  const of = change.asset ?? (change.eModeCategory !== undefined ? `eMode category ${change.eModeCategory}` : change.market);
  return of ? `${change.parameter} of ${of}` : change.parameter;
};

/** A change's value as a person reads it: bps and fractions as percents, drops and tokens as numbers, states as words. */
export function showValue(value: number | string | undefined, unit: ParameterChange['unit']): string {
  if (value === undefined) return '?';
  if (typeof value === 'string') return value;
  if (unit === 'bps') return formatPercent(value / 10_000);
  if (unit === 'fraction') return formatPercent(value);
  return formatNumber(value);
}

/** The chain already shows the proposal's new value: nothing more moves. Graded none, and it says so. */
export function inEffectEffect({ change, chainValue }: CheckedChange): Effect {
  return {
    level: 'none',
    summary: `${subjectOf(change)} is already ${showValue(chainValue, change.unit)} on chain: this change is in effect.`,
    assets: change.asset ? [change.asset] : [],
    simulated: true,
  };
}

/** A change the chain does not corroborate, or contradicts: shown as the proposal states it, never simulated. */
export function notSimulatedEffect({ change, verdict, chainValue, problem }: CheckedChange): Effect {
  if (verdict === 'out_of_range' && problem) {
    return {
      level: 'low',
      summary: `The proposal sets ${subjectOf(change)} ${problem.field === 'to' ? 'to' : 'from'} ${typeof problem.value === 'string' ? JSON.stringify(problem.value) : String(problem.value)} (${change.unit}), which ${problem.problem}; not simulated.`,
      assets: change.asset ? [change.asset] : [],
      simulated: false,
    };
  }
  const stated = `${showValue(change.from, change.unit)} → ${showValue(change.to, change.unit)}`;
  return {
    level: 'low',
    summary:
      verdict === 'contradicts_chain'
        ? `The proposal states ${subjectOf(change)} is ${showValue(change.from, change.unit)} now, but the chain shows ${showValue(chainValue, change.unit)}; not simulated until they agree.`
        : `The proposal text changes ${subjectOf(change)}; not verified against its on-chain actions, so not simulated.`,
    details: `${change.verified ? 'Stated' : 'Text says'} ${subjectOf(change)}: ${stated}.`,
    assets: change.asset ? [change.asset] : [],
    simulated: false,
  };
}

/** A verified change whose effect on a holder does not follow from the number alone (a price feed, say). */
export function unquantifiedEffect(change: ParameterChange, touched: readonly ExposurePosition[]): Effect {
  return {
    level: 'low',
    summary: `${subjectOf(change)} changes to ${showValue(change.to, change.unit)}; its effect on your positions is not quantified.`,
    assets: change.asset ? [change.asset] : [...new Set(touched.map(({ position }) => position.asset))],
    simulated: false,
  };
}
