import type { ParameterChange } from '../domain/parameterChange.js';
import type { RateCurve, RateModel, SimulatorInputs } from '../domain/position.js';
import { asFraction } from './changeValues.js';
import { CURVE_FIELD, curveOf } from './chainValue.js';
import type { Registered } from './registered.js';
import { afterFee } from './keptShare.js';

/** Shared parameters that move a position's yearly rate; modules' calculators with `rateAfter` add theirs. */
const RATE_PARAMETERS: ReadonlySet<string> = new Set(['supplyApr', 'borrowApr', 'reserveFactor', 'optimalUsage', 'baseRate', 'slope1', 'slope2', 'rewardFee']);

/** Whether a change moves a yearly rate: a shared rate kind, or a kind whose module calculator computes a rate. */
export function movesRate(change: ParameterChange, registered: Registered): boolean {
  const calculator = registered.calculatorOf(change);
  return calculator ? calculator.rateAfter !== undefined : RATE_PARAMETERS.has(change.parameter);
}

/**
 * A kinked curve at utilization U: base + slopeLow·U/kink up to the kink, then
 * base + slopeLow + slopeHigh·(U − kink)/(1 − kink) (the lending pools' default rate strategy,
 * positions.md §1.6: slopes per unit of the kink's range). A curve whose slopes are per unit of
 * utilization (base + slopeLow·U, then + slopeHigh·(U − kink)) is another form: its module prices
 * it with a calculator of its own. Pure.
 */
export function rateOnCurve(curve: RateCurve, utilization: number): number {
  if (utilization <= curve.kink) return curve.base + (curve.kink > 0 ? (curve.slopeLow * utilization) / curve.kink : 0);
  return curve.base + curve.slopeLow + (curve.kink < 1 ? (curve.slopeHigh * (utilization - curve.kink)) / (1 - curve.kink) : 0);
}

/**
 * The rate a position earns or pays under a model: a one-curve market's supply rate is
 * borrow × U × (1 − RF); a two-curve market's supply rate has its own curve. Pure.
 */
export function modelRate(model: RateModel, role: 'supply' | 'borrow'): number {
  const borrow = rateOnCurve(model.borrow, model.utilization);
  if (role === 'borrow') return borrow;
  if (model.supply) return rateOnCurve(model.supply, model.utilization);
  return borrow * model.utilization * (1 - (model.reserveFactor ?? 0));
}

/** The model with a proposal's curve and reserve-factor changes applied. Pure. */
function modelAfter(model: RateModel, changes: readonly ParameterChange[]): RateModel {
  const next: RateModel = { ...model, borrow: { ...model.borrow }, ...(model.supply && { supply: { ...model.supply } }) };
  for (const change of changes) {
    const to = asFraction(change.to, change.unit);
    if (to === undefined) continue;
    if (change.parameter === 'reserveFactor') next.reserveFactor = to;
    if (change.parameter in CURVE_FIELD) {
      const curve = curveOf(change, next);
      if (curve) curve[CURVE_FIELD[change.parameter as keyof typeof CURVE_FIELD]] = to;
    }
  }
  return next;
}

export const fraction = (change: ParameterChange | undefined, fallback?: number) => (change ? asFraction(change.to, change.unit) : fallback);
export const oldFraction = (change: ParameterChange | undefined, fallback?: number) => (change ? asFraction(change.from, change.unit) ?? fallback : fallback);

/**
 * The yearly rate a position earns (or pays) after every rate and fee change of a proposal at
 * once, from the rate read on chain; undefined when the inputs to compute it were not read.
 * - lending: the rate model at today's utilization (balances held), the difference added to the
 *   chain's rate; without a model, only a reserve factor is computed: supply × (1 − RF′)/(1 − RF);
 * - a fee on rewards: net × (1 − f′)/(1 − f);
 * - then each module calculator's own kinds (rateAfter), in the registry's order.
 * Pure.
 */
export function rateAfter(inputs: SimulatorInputs, changes: readonly ParameterChange[], registered: Registered): number | undefined {
  const apr = inputs.apr;
  if (apr === undefined) return undefined;
  const find = (parameter: string) => changes.find((change) => change.parameter === parameter);
  let rate = apr;

  const direct = find(inputs.role === 'borrow' ? 'borrowApr' : 'supplyApr');
  if (direct && (inputs.role === 'supply' || inputs.role === 'borrow')) rate = fraction(direct) ?? rate;

  // A curve a module prices in its own form (a calculator claimed the change) is never priced here too.
  const curveChanges = changes.filter((change) => (change.parameter === 'reserveFactor' || change.parameter in CURVE_FIELD) && !registered.calculatorOf(change));
  if (curveChanges.length > 0 && (inputs.role === 'supply' || inputs.role === 'borrow')) {
    if (inputs.rateModel) {
      rate += modelRate(modelAfter(inputs.rateModel, curveChanges), inputs.role) - modelRate(inputs.rateModel, inputs.role);
    } else if (curveChanges.every((change) => change.parameter === 'reserveFactor')) {
      if (inputs.role === 'supply') {
        const change = curveChanges[0]!;
        const from = oldFraction(change, inputs.reserveFactor === undefined ? undefined : inputs.reserveFactor / 10_000);
        const to = fraction(change);
        const after = from === undefined || to === undefined ? undefined : afterFee(rate, from, to);
        if (after === undefined) return undefined;
        rate = after;
      }
    } else {
      return undefined;
    }
  }

  const fee = changes.find((change) => change.parameter === 'rewardFee' && !registered.calculatorOf(change));
  if (fee) {
    const from = oldFraction(fee, inputs.rewardFee);
    const to = fraction(fee);
    const after = from === undefined || to === undefined ? undefined : afterFee(rate, from, to);
    if (after === undefined) return undefined;
    rate = after;
  }

  for (const calculator of registered.calculators) {
    if (!calculator.rateAfter) continue;
    const mine = changes.filter((change) => registered.calculatorOf(change) === calculator);
    if (mine.length === 0) continue;
    const next = calculator.rateAfter(rate, mine, inputs);
    if (next === undefined) return undefined;
    rate = next;
  }
  return rate;
}
