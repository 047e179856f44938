import type { ParameterKind } from '../../domain/parameterKind.js';

/**
 * Comet's rate curve, in its own terms (Configurator setSupplyKink, set…PerYearInterestRateBase,
 * …SlopeLow, …SlopeHigh; each change says its curve in `side`): its slopes are per unit of
 * utilization, not per unit of the kink's range as the shared optimalUsage/slope1/slope2 are, so
 * they are kinds of their own, priced by this module's calculator (cometCurveCalculator.ts).
 */
export const COMPOUND_PARAMETERS: readonly ParameterKind[] = [
  { name: 'kink', unit: 'fraction', label: 'the rate curve’s kink', bounded: true },
  { name: 'interestRateBase', unit: 'fraction', label: 'the rate curve’s base rate' },
  { name: 'interestRateSlopeLow', unit: 'fraction', label: 'the rate curve’s slope up to the kink' },
  { name: 'interestRateSlopeHigh', unit: 'fraction', label: 'the rate curve’s slope past the kink' },
];
