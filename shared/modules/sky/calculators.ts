import type { ParameterChange } from '../../domain/parameterChange.js';
import type { Calculator } from '../../simulate/calculator.js';
import { inUnitOf } from '../../simulate/changeValues.js';
import { fraction } from '../../simulate/rateAfter.js';

declare module '../../domain/position.js' {
  interface ModuleInputs {
    /** The savings rate a Sky holding earns: the SSR (sUSDS) or the DSR (sDAI). */
    savingsRate?: 'ssr' | 'dsr';
  }
}

const ofRate = (changes: readonly ParameterChange[], rate: 'ssr' | 'dsr' | undefined) => changes.find((change) => change.parameter === rate);

/**
 * A savings-rate move: the SSR reaches every sUSDS holding and the DSR every sDAI one (each vault
 * pays its rate on all its assets, so no market or asset narrows it further); the holding then
 * earns the new yearly rate, and the shared yearly-change mathematics turns the difference into
 * about $X a year on its value (Δrate × value). Pure.
 */
export const savingsRateMove: Calculator = {
  parameters: ['ssr', 'dsr'],
  touches: (change, { inputs }) => inputs.savingsRate !== undefined && change.parameter === inputs.savingsRate,
  chainValue: (change, { inputs }) => (inputs.savingsRate === change.parameter && inputs.apr !== undefined ? inUnitOf(change, { fraction: inputs.apr }) : undefined),
  rateAfter(rate, changes, inputs) {
    const change = ofRate(changes, inputs.savingsRate);
    return change ? fraction(change) : rate;
  },
};

export const SKY_CALCULATORS: readonly Calculator[] = [savingsRateMove];
