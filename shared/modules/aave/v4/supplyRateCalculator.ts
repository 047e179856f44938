import type { ParameterChange } from '../../../domain/parameterChange.js';
import type { Calculator } from '../../../simulate/calculator.js';
import { asFraction } from '../../../simulate/changeValues.js';
import { rateOnCurve } from '../../../simulate/rateAfter.js';
import { sameMarket } from '../../../simulate/touches.js';

const CURVE_KINDS: ReadonlySet<string> = new Set(['optimalUsage', 'baseRate', 'slope1', 'slope2']);
const isV4 = (change: ParameterChange) => change.protocol === 'aave' && change.market?.startsWith('aave-v4-') === true;

/**
 * A v4 hub's rate curve (IAssetInterestRateStrategy.RateData, as UpdateRateData states it whole):
 * what a supply earns after it. The strategy's curve has the shared kinked form (base, then the
 * growth before optimal over the usage up to optimal, then the growth after it over the rest;
 * AssetInterestRateStrategy.calculateInterestRate), priced at the usage the hub priced its stored
 * rate at; a supply earns the same share of the new drawn rate as of the old one (supplyRate.ts).
 * Only a change stating the whole curve is priced: the scan does not read the strategy's current one.
 * A borrow's rate (the drawn rate plus its risk premium) is not computed here.
 */
export const v4SupplyRateCalculator: Calculator = {
  parameters: [],
  claims: (change) => isV4(change) && CURVE_KINDS.has(change.parameter),
  // A borrow is reached too: its rate is not computed, and the effect says so rather than staying silent.
  touches: (change, exposure) =>
    (exposure.inputs.role === 'supply' || exposure.inputs.role === 'borrow') && sameMarket(change, exposure) && (change.asset === undefined || change.asset.toLowerCase() === exposure.position.asset.toLowerCase()),
  rateAfter(rate, changes, inputs) {
    const supply = inputs.aaveV4Supply;
    if (inputs.role !== 'supply' || !supply) return undefined;
    const value = (parameter: string) => {
      const change = changes.find((entry) => entry.parameter === parameter);
      return change ? asFraction(change.to, change.unit) : undefined;
    };
    const [kink, base, slopeLow, slopeHigh] = ['optimalUsage', 'baseRate', 'slope1', 'slope2'].map(value);
    if (kink === undefined || base === undefined || slopeLow === undefined || slopeHigh === undefined) return undefined;
    const drawnAfter = rateOnCurve({ kink, base, slopeLow, slopeHigh }, supply.usage);
    return rate + supply.supplyShare * (drawnAfter - supply.drawnRate);
  },
};
