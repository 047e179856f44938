import type { ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition, RateCurve } from '../domain/position.js';
import { inUnitOf } from './changeValues.js';
import type { Registered } from './registered.js';

/**
 * The value of the changed parameter as the exposure read it for this wallet in the same scan, in
 * the change's unit; undefined where the scan reads no such value (caps, bonuses, price feeds). Pure.
 */
export function chainValue(change: ParameterChange, touched: readonly ExposurePosition[], registered: Registered): number | string | undefined {
  const calculator = registered.calculatorOf(change);
  const read = calculator ? (exposure: ExposurePosition) => calculator.chainValue?.(change, exposure) : (exposure: ExposurePosition) => valueIn(change, exposure);
  for (const exposure of touched) {
    const value = read(exposure);
    if (value !== undefined) return value;
  }
  return undefined;
}

function valueIn(change: ParameterChange, { inputs }: ExposurePosition): number | string | undefined {
  const account = inputs.account;
  const collateral = account?.collateral.find((entry) => entry.asset.toLowerCase() === change.asset?.toLowerCase());
  switch (change.parameter) {
    case 'liquidationThreshold':
      return collateral && inUnitOf(change, { bps: collateral.liquidationThreshold });
    case 'ltv':
      return collateral?.ltv === undefined ? undefined : inUnitOf(change, { bps: collateral.ltv });
    case 'eModeLtv':
      return account?.eMode?.id === change.eModeCategory ? inUnitOf(change, { bps: account?.eMode?.ltv }) : undefined;
    case 'eModeLiquidationThreshold':
      return account?.eMode?.id === change.eModeCategory ? inUnitOf(change, { bps: account?.eMode?.liquidationThreshold }) : undefined;
    case 'eModeCollateral':
      return account?.eMode?.id === change.eModeCategory && collateral ? (collateral.inEMode ? 'enabled' : 'disabled') : undefined;
    case 'eModeIsolated':
      // Known only where the pool's category was read with its flag (3.7+).
      return account?.eMode?.isolated !== undefined && account.eMode.id === change.eModeCategory ? (account.eMode.isolated ? 'enabled' : 'disabled') : undefined;
    case 'eModeLtvZero':
      // Only a 3.6+ pool's account knows the bitmap; under the own-LTV rule there is no flag to read.
      return account?.eMode?.id === change.eModeCategory && account?.eMode?.ltvRule === 'ltvzeroBitmap' && collateral?.inEMode ? (collateral.ltvzero ? 'enabled' : 'disabled') : undefined;
    case 'reserveFactor':
      if (inputs.rateModel?.reserveFactor !== undefined) return inUnitOf(change, { fraction: inputs.rateModel.reserveFactor });
      return inputs.reserveFactor === undefined ? undefined : inUnitOf(change, { bps: inputs.reserveFactor });
    case 'optimalUsage':
    case 'baseRate':
    case 'slope1':
    case 'slope2': {
      const curve = curveOf(change, inputs.rateModel);
      return curve && inUnitOf(change, { fraction: curve[CURVE_FIELD[change.parameter]] });
    }
    case 'supplyApr':
      return inputs.role === 'supply' && inputs.apr !== undefined ? inUnitOf(change, { fraction: inputs.apr }) : undefined;
    case 'borrowApr':
      return inputs.role === 'borrow' && inputs.apr !== undefined ? inUnitOf(change, { fraction: inputs.apr }) : undefined;
    case 'rewardFee':
      return inputs.rewardFee === undefined ? undefined : inUnitOf(change, { fraction: inputs.rewardFee });
    case 'withdrawalFee':
      return inputs.withdrawalFee === undefined ? undefined : inUnitOf(change, { fraction: inputs.withdrawalFee });
    default:
      return undefined;
  }
}

export const CURVE_FIELD: Record<'optimalUsage' | 'baseRate' | 'slope1' | 'slope2', keyof RateCurve> = {
  optimalUsage: 'kink',
  baseRate: 'base',
  slope1: 'slopeLow',
  slope2: 'slopeHigh',
};

/** The curve a curve change moves: the supply or borrow curve by the change's side where a market has both, else the borrow curve. */
export function curveOf(change: Pick<ParameterChange, 'side'>, model: ExposurePosition['inputs']['rateModel']): RateCurve | undefined {
  if (!model) return undefined;
  return change.side === 'supply' ? model.supply : model.borrow;
}
