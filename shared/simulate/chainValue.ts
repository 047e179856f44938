import type { ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition, RateCurve } from '../domain/position.js';
import { inUnitOf } from './changeValues.js';

/**
 * The value of the changed parameter as the exposure read it for this wallet in the same scan, in
 * the change's unit; undefined where the scan reads no such value (caps, bonuses, price feeds). Pure.
 */
export function chainValue(change: ParameterChange, touched: readonly ExposurePosition[]): number | string | undefined {
  for (const exposure of touched) {
    const value = valueIn(change, exposure);
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
    case 'rewardFee': {
      const module = moduleOf(change, inputs.stakingModules);
      if (module) return inUnitOf(change, { fraction: module.moduleFee + module.treasuryFee });
      return inputs.rewardFee === undefined ? undefined : inUnitOf(change, { fraction: inputs.rewardFee });
    }
    case 'moduleFee':
    case 'treasuryFee': {
      const module = moduleOf(change, inputs.stakingModules);
      return module && inUnitOf(change, { fraction: module[change.parameter] });
    }
    case 'communityTax':
      return inputs.rewardFee === undefined ? undefined : inUnitOf(change, { fraction: inputs.rewardFee });
    case 'inflationMin':
    case 'inflationMax': {
      const bound = inputs.delegation?.[change.parameter];
      return bound === undefined ? undefined : inUnitOf(change, { fraction: bound });
    }
    case 'mevFee':
      return inputs.mev === undefined ? undefined : inUnitOf(change, { fraction: inputs.mev.fee });
    case 'withdrawalFee':
      return inputs.withdrawalFee === undefined ? undefined : inUnitOf(change, { fraction: inputs.withdrawalFee });
    case 'reserveBase':
      return inputs.ledgerReserve && inUnitOf(change, { drops: inputs.ledgerReserve.baseDrops });
    case 'reserveIncrement':
      return inputs.ledgerReserve && inUnitOf(change, { drops: inputs.ledgerReserve.incrementDrops });
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

/** The curve a curve change moves: Comet's supply or borrow curve by the change's side, else the borrow curve (Aave). */
export function curveOf(change: Pick<ParameterChange, 'side'>, model: ExposurePosition['inputs']['rateModel']): RateCurve | undefined {
  if (!model) return undefined;
  return change.side === 'supply' ? model.supply : model.borrow;
}

/** The Lido staking module a change names in its market (`staking module 1`). */
export function moduleOf(change: Pick<ParameterChange, 'market'>, modules: ExposurePosition['inputs']['stakingModules']) {
  const id = /^staking module (\d+)$/.exec(change.market ?? '')?.[1];
  return id === undefined ? undefined : modules?.find((module) => module.id === Number(id));
}
