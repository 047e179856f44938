import type { ParameterChange } from '../../../domain/parameterChange.js';
import type { Calculator } from '../../../simulate/calculator.js';
import { asFraction } from '../../../simulate/changeValues.js';
import { rateOnCurve } from '../../../simulate/rateAfter.js';
import { sameMarket } from '../../../simulate/touches.js';

const CURVE_KINDS: ReadonlySet<string> = new Set(['optimalUsage', 'baseRate', 'slope1', 'slope2']);
const isV4 = (change: ParameterChange) => change.protocol === 'aave' && change.market?.startsWith('aave-v4-') === true;

/**
 * A v4 hub's rate curve (IAssetInterestRateStrategy.InterestRateData, as its rate-data event
 * states it whole): what a supply earns and a borrow pays after it. The strategy's curve has the
 * shared kinked form (base, then the growth before optimal over the usage up to optimal, then the
 * growth after it over the rest; AssetInterestRateStrategy.calculateInterestRate), priced at the
 * usage the hub priced its stored rate at; a position earns or pays the same share of the new drawn
 * rate as of the old one (supplyRate.ts: a supply's share after the liquidity fee, a borrow's with
 * its risk premium). Only a change stating the whole curve is priced: the scan does not read the
 * strategy's current one.
 */
export const v4SupplyRateCalculator: Calculator = {
  parameters: [],
  claims: (change) => isV4(change) && CURVE_KINDS.has(change.parameter),
  touches: (change, exposure) =>
    (exposure.inputs.role === 'supply' || exposure.inputs.role === 'borrow') && sameMarket(change, exposure) && (change.asset === undefined || change.asset.toLowerCase() === exposure.position.asset.toLowerCase()),
  rateAfter(rate, changes, inputs) {
    const position = inputs.aaveV4Rate;
    if ((inputs.role !== 'supply' && inputs.role !== 'borrow') || !position) return undefined;
    const value = (parameter: string) => {
      const change = changes.find((entry) => entry.parameter === parameter);
      return change ? asFraction(change.to, change.unit) : undefined;
    };
    const [kink, base, slopeLow, slopeHigh] = ['optimalUsage', 'baseRate', 'slope1', 'slope2'].map(value);
    if (kink === undefined || base === undefined || slopeLow === undefined || slopeHigh === undefined) return undefined;
    const drawnAfter = rateOnCurve({ kink, base, slopeLow, slopeHigh }, position.usage);
    return rate + position.shareOfDrawnRate * (drawnAfter - position.drawnRate);
  },
};
