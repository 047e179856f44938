import type { ExposurePosition } from '../../domain/position.js';
import { lendingWhatIf } from '../../whatIf/lendingAccount.js';
import type { WhatIfAccount } from '../../whatIf/whatIfAccount.js';
import { cometRate, cometRateInputs, configValue, curveFromYearly } from './cometCurve.js';
import { perSecondToApr } from './exposure/cometRates.js';

const MAIN_MARKET = 'comet-usdc';

/**
 * The lending account every lending module offers, with a Comet market's curves carried as the
 * scan carries them (`cometRates`, Comet's integers; the account's yearly fractions stored as the
 * constructor would), so a curve change is priced in Comet's form, never the lending pools'. A
 * lender's or borrower's rate not given is the curve's at the stated utilization. Pure.
 */
export function compoundWhatIf(): WhatIfAccount {
  const lending = lendingWhatIf(MAIN_MARKET);
  return {
    ...lending,
    positions: (account: never, protocol: string) => lending.positions(account, protocol).map(withCometCurves),
  };
}

function withCometCurves(exposure: ExposurePosition): ExposurePosition {
  const { rateModel, ...inputs } = exposure.inputs;
  if (!rateModel) return exposure;
  const borrow = curveFromYearly(rateModel.borrow);
  // A one-curve account has no supply curve; Comet always has one, so only the borrow side is priced.
  const supply = rateModel.supply ? curveFromYearly(rateModel.supply) : undefined;
  const utilization = configValue(rateModel.utilization);
  if (!borrow || utilization === undefined) return { ...exposure, inputs };
  const model = { borrow, supply: supply ?? { kink: 0n, base: 0n, slopeLow: 0n, slopeHigh: 0n } };
  const cometRates = cometRateInputs(model, utilization);
  const own = inputs.role === 'borrow' ? borrow : inputs.role === 'supply' ? supply : undefined;
  const atCurve = own && cometRate(own, utilization);
  const apr = inputs.apr ?? (atCurve === undefined ? undefined : perSecondToApr(atCurve));
  return { ...exposure, inputs: { ...inputs, ...(apr !== undefined && { apr }), ...((inputs.role === 'borrow' || supply) && { cometRates }) } };
}
