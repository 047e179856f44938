import type { ParameterChange } from '../../../domain/parameterChange.js';
import type { Calculator } from '../../../simulate/calculator.js';
import { asBps, asFraction } from '../../../simulate/changeValues.js';
import { rateOnCurve } from '../../../simulate/rateAfter.js';
import { sameMarket } from '../../../simulate/touches.js';
import { v4SupplyAprAfterFee } from './supplyRate.js';

const CURVE_KINDS: ReadonlySet<string> = new Set(['optimalUsage', 'baseRate', 'slope1', 'slope2']);
const FEE = 'v4LiquidityFee';
const isV4 = (change: ParameterChange) => change.protocol === 'aave' && change.market?.startsWith('aave-v4-') === true;

/**
 * A v4 hub asset's rate curve and liquidity fee: what a supply earns and a borrow pays after them.
 * - The curve (IAssetInterestRateStrategy.InterestRateData, as its rate-data event states it whole)
 *   has the shared kinked form (base, then the growth before optimal over the usage up to optimal,
 *   then the growth after it over the rest; AssetInterestRateStrategy.calculateInterestRate), priced
 *   at the usage the hub priced its stored rate at; a position earns or pays the same share of the
 *   new drawn rate as of the old one (supplyRate.ts: a supply's share after the liquidity fee, a
 *   borrow's with its risk premium). Only a change stating the whole curve is priced: the scan does
 *   not read the strategy's current one.
 * - The liquidity fee (IHub.AssetConfig.liquidityFee) reaches suppliers only: a supply keeps
 *   (1 − fee) of the drawn interest (v4SupplyAprAfterFee), from the fee the scan read on the hub
 *   (getAsset) or the change's own stated one. Applied after the curve, whose share is the old fee's.
 */
export const v4SupplyRateCalculator: Calculator = {
  parameters: [FEE],
  claims: (change) => isV4(change) && CURVE_KINDS.has(change.parameter),
  touches: (change, exposure) =>
    (exposure.inputs.role === 'supply' || (exposure.inputs.role === 'borrow' && change.parameter !== FEE)) &&
    sameMarket(change, exposure) &&
    (change.asset === undefined || change.asset.toLowerCase() === exposure.position.asset.toLowerCase()),
  chainValue: (change, exposure) => (change.parameter === FEE && exposure.inputs.role === 'supply' ? exposure.inputs.aaveV4Rate?.liquidityFee : undefined),
  rateAfter(rate, changes, inputs) {
    const position = inputs.aaveV4Rate;
    if (inputs.role !== 'supply' && inputs.role !== 'borrow') return undefined;
    let after = rate;
    const curve = changes.filter((change) => CURVE_KINDS.has(change.parameter));
    if (curve.length > 0) {
      // A what-if account may not state where on the curve it stands.
      if (position?.drawnRate === undefined || position.shareOfDrawnRate === undefined || position.usage === undefined) return undefined;
      const value = (parameter: string) => {
        const change = curve.find((entry) => entry.parameter === parameter);
        return change ? asFraction(change.to, change.unit) : undefined;
      };
      const [kink, base, slopeLow, slopeHigh] = ['optimalUsage', 'baseRate', 'slope1', 'slope2'].map(value);
      if (kink === undefined || base === undefined || slopeLow === undefined || slopeHigh === undefined) return undefined;
      const drawnAfter = rateOnCurve({ kink, base, slopeLow, slopeHigh }, position.usage);
      after += position.shareOfDrawnRate * (drawnAfter - position.drawnRate);
    }
    const fee = changes.find((change) => change.parameter === FEE);
    if (fee && inputs.role === 'supply') {
      const from = asBps(fee.from, fee.unit) ?? position?.liquidityFee;
      const to = asBps(fee.to, fee.unit);
      if (from === undefined || to === undefined) return undefined;
      return v4SupplyAprAfterFee(after, from, to);
    }
    return after;
  },
};
