import type { ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition } from '../domain/position.js';
import type { CheckedChange } from './checkAgainstChain.js';
import type { Effect } from './effect.js';
import { formatNumber, formatPercent } from './format.js';
import type { Registered } from './registered.js';

/** The names a sentence about a change needs: its kind's label and its market's name, from the modules that declare them. */
export type Names = Pick<Registered, 'parameterLabel' | 'marketName'>;

const EMODE_LABEL = /^the eMode category’s /;

/**
 * What a change moves, in words, naming only its own asset: "the liquidation threshold of WETH",
 * "the loan-to-value of eMode category 1", "the supply cap of a market by its module's name", "the
 * community tax". Never a kind's or a market's identifier. Pure.
 */
export function subjectOf(change: ParameterChange, names: Names): string {
  const label = names.parameterLabel(change.parameter);
  if (change.eModeCategory !== undefined && EMODE_LABEL.test(label)) {
    return `${label.replace(EMODE_LABEL, 'the ')} of eMode category ${change.eModeCategory}${change.asset ? ` for ${change.asset}` : ''}`;
  }
  const of = change.asset ?? (change.eModeCategory !== undefined ? `eMode category ${change.eModeCategory}` : change.market && names.marketName(change.protocol, change.market));
  return of ? `${label} of ${of}` : label;
}

/** A clause as a sentence's start. Pure. */
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A unit as the proposal's stated value is read in: "(in basis points)". */
const UNIT_WORDS: Record<ParameterChange['unit'], string> = { bps: 'in basis points', fraction: 'as a fraction', drops: 'in drops', tokens: 'in tokens', state: 'as a state' };

/** A change's value as a person reads it: bps and fractions as percents, drops and tokens as numbers, states as words. */
export function showValue(value: number | string | undefined, unit: ParameterChange['unit']): string {
  if (value === undefined) return '?';
  if (typeof value === 'string') return value;
  if (unit === 'bps') return formatPercent(value / 10_000);
  if (unit === 'fraction') return formatPercent(value);
  return formatNumber(value);
}

/** The chain already shows the proposal's new value: nothing more moves. Graded none, and it says so. */
export function inEffectEffect({ change, chainValue }: CheckedChange, names: Names): Effect {
  return {
    level: 'none',
    summary: `${sentence(subjectOf(change, names))} is already ${showValue(chainValue, change.unit)} on chain: this change is in effect.`,
    assets: change.asset ? [change.asset] : [],
    simulated: true,
  };
}

/** A change the chain does not corroborate, or contradicts: shown as the proposal states it, never simulated. */
export function notSimulatedEffect({ change, verdict, chainValue, problem }: CheckedChange, names: Names): Effect {
  const subject = subjectOf(change, names);
  if (verdict === 'out_of_range' && problem) {
    return {
      level: 'low',
      summary: `The proposal sets ${subject} ${problem.field === 'to' ? 'to' : 'from'} ${typeof problem.value === 'string' ? JSON.stringify(problem.value) : String(problem.value)} (${UNIT_WORDS[change.unit] ?? change.unit}), which ${problem.problem}; not simulated.`,
      assets: change.asset ? [change.asset] : [],
      simulated: false,
    };
  }
  const stated = `${showValue(change.from, change.unit)} → ${showValue(change.to, change.unit)}`;
  return {
    level: 'low',
    summary:
      verdict === 'contradicts_chain'
        ? `The proposal states ${subject} is ${showValue(change.from, change.unit)} now, but the chain shows ${showValue(chainValue, change.unit)}; not simulated until they agree.`
        : `The proposal text changes ${subject}; not verified against its on-chain actions, so not simulated.`,
    details: `${change.verified ? 'Stated' : 'Text says'} ${subject}: ${stated}.`,
    assets: change.asset ? [change.asset] : [],
    simulated: false,
  };
}

/** A verified change whose effect on a holder does not follow from the number alone (a price feed, say). */
export function unquantifiedEffect(change: ParameterChange, touched: readonly ExposurePosition[], names: Names): Effect {
  return {
    level: 'low',
    summary: `${sentence(subjectOf(change, names))} changes to ${showValue(change.to, change.unit)}; its effect on your positions is not quantified.`,
    assets: change.asset ? [change.asset] : [...new Set(touched.map(({ position }) => position.asset))],
    simulated: false,
  };
}
