import type { ParameterChange } from '../../domain/parameterChange.js';
import type { ExposurePosition, SimulatorInputs } from '../../domain/position.js';
import type { Calculator } from '../../simulate/calculator.js';
import { inUnitOf } from '../../simulate/changeValues.js';
import { sameMarket } from '../../simulate/touches.js';
import { V2_MARKET } from './addresses.js';
import { COMET_CURVE_FIELD, cometRatesAfter, curveOfSide, yearlyField } from './cometCurve.js';
import { perSecondToApr } from './exposure/cometRates.js';

/** The shared curve names a proposal's table may give a Comet market's curve: priced here, in Comet's form. */
const SHARED_CURVE_KINDS: ReadonlySet<string> = new Set(['optimalUsage', 'baseRate', 'slope1', 'slope2']);

const lendsOrBorrows = (inputs: SimulatorInputs): inputs is SimulatorInputs & { role: 'supply' | 'borrow' } => inputs.role === 'supply' || inputs.role === 'borrow';

/**
 * Comet's curve changes: the rate a lender earns or a borrower pays after them, in the contract's
 * integer arithmetic (cometCurve.ts), from the curves the scan read (`cometRates`). A change moves
 * the curve its `side` names; one without a side cannot say which and is not priced.
 */
export const cometCurveCalculator: Calculator = {
  parameters: ['kink', 'interestRateBase', 'interestRateSlopeLow', 'interestRateSlopeHigh'],
  claims: (change) => change.protocol === 'compound' && SHARED_CURVE_KINDS.has(change.parameter) && change.market !== V2_MARKET,
  touches: (change, exposure: ExposurePosition) =>
    lendsOrBorrows(exposure.inputs) &&
    exposure.inputs.cometRates !== undefined &&
    (change.side === undefined || change.side === exposure.inputs.role) &&
    sameMarket(change, exposure) &&
    (change.asset === undefined || change.asset.toLowerCase() === exposure.position.asset.toLowerCase()),
  chainValue(change: ParameterChange, { inputs }: ExposurePosition) {
    const field = COMET_CURVE_FIELD[change.parameter];
    if (!inputs.cometRates || !change.side || !field) return undefined;
    return inUnitOf(change, { fraction: yearlyField(curveOfSide(inputs.cometRates, change.side), field) });
  },
  rateAfter(rate, changes, inputs) {
    if (!inputs.cometRates || !lendsOrBorrows(inputs) || changes.some((change) => change.side === undefined)) return undefined;
    const rates = cometRatesAfter(inputs.cometRates, changes, inputs.role);
    if (!rates) return undefined;
    // The chain's rate and the curve's agree when both were read in one round; any difference
    // (a rate read a block apart) is kept rather than hidden.
    return perSecondToApr(rates.after) + (rate - perSecondToApr(rates.before));
  },
};
