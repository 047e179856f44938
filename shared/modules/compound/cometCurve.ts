import type { ParameterChange } from '../../domain/parameterChange.js';
import { type CometRateCurve, type CometRateModel, perSecondToApr, rateAt } from './exposure/cometRates.js';

/*
 * Comet's rate curves as the simulator carries them, and a curve change priced in Comet's own
 * integers (compound-finance/comet contracts/Comet.sol: the constructor turns each per-year rate
 * into a per-second one by integer division by SECONDS_PER_YEAR, lines 168–175; getSupplyRate and
 * getBorrowRate, lines 449–472: base + slopeLow·U up to the kink, base + slopeLow·kink +
 * slopeHigh·(U − kink) past it, each product truncated by mulFactor). Not the lending pools' form
 * (slopes per unit of the kink's range): the same numbers priced that way are off by up to
 * 1/(1 − kink). Pure.
 */

const SECONDS_PER_YEAR = 31_536_000n;
const WAD = 10n ** 18n;
const UINT64_MAX = 2n ** 64n - 1n;

/** A curve's integers (1e18-scaled, per second) as decimal strings: the scan cache keeps inputs as JSON, which has no bigint. */
export type CometCurveText = Record<keyof CometRateCurve, string>;

/** A Comet market's curves and the utilization its rates were read at, as the scan read them. */
export interface CometRateInputs {
  utilization: string;
  supply: CometCurveText;
  borrow: CometCurveText;
}

declare module '../../domain/position.js' {
  interface ModuleInputs {
    /** The Comet market's two rate curves, in the contract's integers (the shared `rateModel`'s form would misprice them). */
    cometRates?: CometRateInputs;
  }
}

const text = (curve: CometRateCurve): CometCurveText => ({ kink: String(curve.kink), base: String(curve.base), slopeLow: String(curve.slopeLow), slopeHigh: String(curve.slopeHigh) });
const integers = (curve: CometCurveText): CometRateCurve => ({ kink: BigInt(curve.kink), base: BigInt(curve.base), slopeLow: BigInt(curve.slopeLow), slopeHigh: BigInt(curve.slopeHigh) });

/** The inputs for a market's model at a utilization (1e18-scaled). Pure. */
export const cometRateInputs = (model: CometRateModel, utilization: bigint): CometRateInputs => ({ utilization: String(utilization), supply: text(model.supply), borrow: text(model.borrow) });

/** The curve a what-if account gives in yearly fractions, as Comet's constructor would store it. Undefined for a value outside uint64. Pure. */
export function curveFromYearly(curve: { kink: number; base: number; slopeLow: number; slopeHigh: number }): CometRateCurve | undefined {
  const [kink, base, slopeLow, slopeHigh] = [curve.kink, curve.base, curve.slopeLow, curve.slopeHigh].map(configValue);
  if (kink === undefined || base === undefined || slopeLow === undefined || slopeHigh === undefined) return undefined;
  return { kink, base: base / SECONDS_PER_YEAR, slopeLow: slopeLow / SECONDS_PER_YEAR, slopeHigh: slopeHigh / SECONDS_PER_YEAR };
}

/**
 * A fraction as the 1e18-scaled integer a Configuration holds, read from the number's shortest
 * decimal form (so 0.35 is 350000000000000000, not the binary double's 349999999999999977): exact
 * for every value decodeActions gives (formatUnits of the call's integer) up to 15 significant
 * digits. Undefined for a negative, non-finite or uint64-overflowing value. Pure.
 */
export function configValue(value: number): bigint | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) return undefined;
  const [, whole, part = '', exponent = '0'] = match;
  const digits = `${whole}${part}`;
  const shift = 18 + Number(exponent) - part.length;
  const scaled = shift >= 0 ? BigInt(digits) * 10n ** BigInt(shift) : BigInt(digits) / 10n ** BigInt(-shift);
  return scaled > UINT64_MAX ? undefined : scaled;
}

/** Which field of a curve each kind moves: Comet's own kinds and the shared names a table may give them. */
export const COMET_CURVE_FIELD: Readonly<Record<string, keyof CometRateCurve>> = {
  kink: 'kink',
  interestRateBase: 'base',
  interestRateSlopeLow: 'slopeLow',
  interestRateSlopeHigh: 'slopeHigh',
  optimalUsage: 'kink',
  baseRate: 'base',
  slope1: 'slopeLow',
  slope2: 'slopeHigh',
};

/** A change's value as a fraction: kinds in bps (a table's optimal usage) divided back. */
const asFractionValue = (change: ParameterChange, value: number | string | undefined): number | undefined =>
  typeof value !== 'number' ? undefined : change.unit === 'bps' ? value / 10_000 : change.unit === 'fraction' ? value : undefined;

/**
 * The curve after changes of its side: a kink is stored as given, a per-year rate divided by
 * SECONDS_PER_YEAR as the constructor does. Undefined when a value cannot be a Configuration's. Pure.
 */
export function curveAfter(curve: CometRateCurve, changes: readonly ParameterChange[]): CometRateCurve | undefined {
  const next = { ...curve };
  for (const change of changes) {
    const field = COMET_CURVE_FIELD[change.parameter];
    const value = asFractionValue(change, change.to);
    const configured = value === undefined ? undefined : configValue(value);
    if (!field || configured === undefined) return undefined;
    next[field] = field === 'kink' ? configured : configured / SECONDS_PER_YEAR;
  }
  return next;
}

/** getSupplyRate/getBorrowRate, undefined where Comet reverts (safe64: a rate above uint64). Pure. */
export function cometRate(curve: CometRateCurve, utilization: bigint): bigint | undefined {
  const rate = rateAt(curve, utilization);
  return rate > UINT64_MAX ? undefined : rate;
}

/** One curve of the inputs, by side. */
export const curveOfSide = (inputs: CometRateInputs, side: 'supply' | 'borrow'): CometRateCurve => integers(inputs[side]);

/**
 * The per-second rate of one side before and after a proposal's changes to that side's curve, in
 * the contract's integers; undefined when a value is not one a Configuration can hold or Comet
 * would revert. Pure.
 */
export function cometRatesAfter(inputs: CometRateInputs, changes: readonly ParameterChange[], side: 'supply' | 'borrow'): { before: bigint; after: bigint } | undefined {
  const curve = curveOfSide(inputs, side);
  const utilization = BigInt(inputs.utilization);
  const moved = curveAfter(curve, changes.filter((change) => change.side === side));
  if (!moved) return undefined;
  const before = cometRate(curve, utilization);
  const after = cometRate(moved, utilization);
  return before === undefined || after === undefined ? undefined : { before, after };
}

/** A curve's value in the unit the kinds speak: the kink as a fraction, rates per year. Pure. */
export const yearlyField = (curve: CometRateCurve, field: keyof CometRateCurve): number => (field === 'kink' ? Number(curve.kink) / Number(WAD) : perSecondToApr(curve[field]));
