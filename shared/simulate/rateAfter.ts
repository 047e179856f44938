import type { ParameterChange } from '../domain/parameterChange.js';
import type { RateCurve, RateModel, SimulatorInputs, StakingModuleFees } from '../domain/position.js';
import { asFraction } from './changeValues.js';
import { CURVE_FIELD, curveOf, moduleOf } from './chainValue.js';

/** Parameters that move a position's yearly rate. */
export const RATE_PARAMETERS: ReadonlySet<string> = new Set([
  'supplyApr',
  'borrowApr',
  'reserveFactor',
  'optimalUsage',
  'baseRate',
  'slope1',
  'slope2',
  'rewardFee',
  'moduleFee',
  'treasuryFee',
  'communityTax',
  'minCommission',
  'inflationMin',
  'inflationMax',
  'mevFee',
]);

/**
 * A kinked curve at utilization U: base + slopeLow·U/kink up to the kink, then
 * base + slopeLow + slopeHigh·(U − kink)/(1 − kink) (aave-v3-origin DefaultReserveInterestRateStrategyV2;
 * Comet getSupplyRate/getBorrowRate, positions.md §1.6, §2.2). Pure.
 */
export function rateOnCurve(curve: RateCurve, utilization: number): number {
  if (utilization <= curve.kink) return curve.base + (curve.kink > 0 ? (curve.slopeLow * utilization) / curve.kink : 0);
  return curve.base + curve.slopeLow + (curve.kink < 1 ? (curve.slopeHigh * (utilization - curve.kink)) / (1 - curve.kink) : 0);
}

/**
 * The rate a position earns or pays under a model: Aave's supply rate is borrow × U × (1 − RF);
 * Comet's supply rate has its own curve. Pure.
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

const fraction = (change: ParameterChange | undefined, fallback?: number) => (change ? asFraction(change.to, change.unit) : fallback);
const oldFraction = (change: ParameterChange | undefined, fallback?: number) => (change ? asFraction(change.from, change.unit) ?? fallback : fallback);

/** Lido's total fee: Σ share·(module fee + treasury fee) over the staking modules (positions.md §3.3). Pure. */
export const totalModuleFee = (modules: readonly StakingModuleFees[]): number => modules.reduce((sum, module) => sum + module.share * (module.moduleFee + module.treasuryFee), 0);

/**
 * The yearly rate a position earns (or pays) after every rate and fee change of a proposal at
 * once, from the rate read on chain; undefined when the inputs to compute it were not read.
 * - lending: the rate model at today's utilization (balances held), the difference added to the
 *   chain's rate; without a model, only a reserve factor is computed: supply × (1 − RF′)/(1 − RF);
 * - fees on rewards (Lido, Jito, the Hub's community tax): net × (1 − f′)/(1 − f); Lido's f is
 *   the module-weighted total, so a reshuffle between a module and the treasury moves nothing;
 * - the Hub: inflation held inside its new bounds, and each validator's commission raised to a
 *   new minimum, weighted by the wallet's stake with it;
 * - MEV tip routing (Jito): only the MEV share of the rewards moves with the fee on tips.
 * Pure.
 */
export function rateAfter(inputs: SimulatorInputs, changes: readonly ParameterChange[]): number | undefined {
  const apr = inputs.apr;
  if (apr === undefined) return undefined;
  const find = (parameter: string) => changes.find((change) => change.parameter === parameter);
  let rate = apr;

  const direct = find(inputs.role === 'borrow' ? 'borrowApr' : 'supplyApr');
  if (direct && (inputs.role === 'supply' || inputs.role === 'borrow')) rate = fraction(direct) ?? rate;

  const curveChanges = changes.filter((change) => change.parameter === 'reserveFactor' || change.parameter in CURVE_FIELD);
  if (curveChanges.length > 0 && (inputs.role === 'supply' || inputs.role === 'borrow')) {
    if (inputs.rateModel) {
      rate += modelRate(modelAfter(inputs.rateModel, curveChanges), inputs.role) - modelRate(inputs.rateModel, inputs.role);
    } else if (curveChanges.every((change) => change.parameter === 'reserveFactor')) {
      if (inputs.role === 'supply') {
        const change = curveChanges[0]!;
        const from = oldFraction(change, inputs.reserveFactor === undefined ? undefined : inputs.reserveFactor / 10_000);
        const to = fraction(change);
        if (from === undefined || to === undefined || from >= 1) return undefined;
        rate = (rate * (1 - to)) / (1 - from);
      }
    } else {
      return undefined;
    }
  }

  const moduleChanges = changes.filter((change) => change.parameter === 'moduleFee' || change.parameter === 'treasuryFee' || (change.parameter === 'rewardFee' && moduleOf(change, inputs.stakingModules)));
  if (moduleChanges.length > 0) {
    if (!inputs.stakingModules) return undefined;
    const after = inputs.stakingModules.map((module) => {
      const mine = moduleChanges.filter((change) => moduleOf(change, [module]));
      const total = mine.find((change) => change.parameter === 'rewardFee');
      if (total) {
        // A whole-module fee (module + treasury) keeps the split unknown; only the total matters to holders.
        const to = fraction(total);
        return to === undefined ? module : { ...module, moduleFee: to, treasuryFee: 0 };
      }
      return {
        ...module,
        moduleFee: fraction(mine.find((change) => change.parameter === 'moduleFee'), module.moduleFee)!,
        treasuryFee: fraction(mine.find((change) => change.parameter === 'treasuryFee'), module.treasuryFee)!,
      };
    });
    const before = totalModuleFee(inputs.stakingModules);
    if (before >= 1) return undefined;
    rate = (rate * (1 - totalModuleFee(after))) / (1 - before);
  }

  const fee = changes.find((change) => (change.parameter === 'rewardFee' && !moduleOf(change, inputs.stakingModules)) || change.parameter === 'communityTax');
  if (fee) {
    const from = oldFraction(fee, inputs.rewardFee);
    const to = fraction(fee);
    if (from === undefined || to === undefined || from >= 1) return undefined;
    rate = (rate / (1 - from)) * (1 - to);
  }

  const delegation = inputs.delegation;
  const inflationBounds = [find('inflationMin'), find('inflationMax')].filter(Boolean);
  if (inflationBounds.length > 0) {
    if (delegation?.inflation === undefined || !(delegation.inflation > 0)) return undefined;
    const min = fraction(find('inflationMin'), delegation.inflationMin) ?? 0;
    const max = fraction(find('inflationMax'), delegation.inflationMax) ?? Number.POSITIVE_INFINITY;
    // x/mint moves inflation toward its target each block but never outside [min, max]: a new bound
    // moves today's rate only when today's rate falls outside it.
    rate *= Math.min(Math.max(delegation.inflation, min), max) / delegation.inflation;
  }

  const minCommission = find('minCommission');
  if (minCommission) {
    const floor = fraction(minCommission);
    if (!delegation || delegation.validators.length === 0 || floor === undefined) return undefined;
    const before = delegation.validators.reduce((sum, entry) => sum + entry.share * (1 - entry.commission), 0);
    const after = delegation.validators.reduce((sum, entry) => sum + entry.share * (1 - Math.max(entry.commission, floor)), 0);
    if (!(before > 0)) return undefined;
    rate *= after / before;
  }
  const mevFee = find('mevFee');
  if (mevFee) {
    // Only the MEV part of the rewards follows the tip fee: apr × ((1 − m) + m × (1 − f′)/(1 − f)).
    const to = fraction(mevFee);
    const from = oldFraction(mevFee, inputs.mev?.fee);
    if (!inputs.mev || to === undefined || from === undefined || from >= 1) return undefined;
    rate *= 1 - inputs.mev.share + (inputs.mev.share * (1 - to)) / (1 - from);
  }
  return rate;
}
