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
  // The pause guardian's flags (mechanisms/normalizePauses.ts), each 'paused' or 'active': Comet.pause's five and the v2 Comptroller's four.
  { name: 'supplyPaused', unit: 'state', label: 'the market’s supplying (paused or active)' },
  { name: 'transferPaused', unit: 'state', label: 'the market’s transfers (paused or active)' },
  { name: 'withdrawPaused', unit: 'state', label: 'the market’s withdrawals (paused or active)' },
  { name: 'absorbPaused', unit: 'state', label: 'the market’s liquidations by absorb (paused or active)' },
  { name: 'buyPaused', unit: 'state', label: 'the market’s sales of seized collateral (paused or active)' },
  { name: 'mintPaused', unit: 'state', label: 'a v2 market’s supplying (paused or active)' },
  { name: 'borrowPaused', unit: 'state', label: 'a v2 market’s borrowing (paused or active)' },
  { name: 'seizePaused', unit: 'state', label: 'a v2 market’s seizing of collateral in liquidations (paused or active)' },
];
