import type { ParameterChange } from '../../../domain/parameterChange.js';
import type { ExposurePosition } from '../../../domain/position.js';
import type { Calculator } from '../../../simulate/calculator.js';
import { asBps } from '../../../simulate/changeValues.js';
import type { Effect } from '../../../simulate/effect.js';
import { formatPercent } from '../../../simulate/format.js';
import { lendingEffects } from '../../../simulate/lendingEffects.js';
import { sameMarket } from '../../../simulate/touches.js';
import { v4MarketName } from './spokeNames.js';
import type { V4CollateralInputs } from './v4Inputs.js';

const KEYED = ['v4CollateralFactor', 'v4MaxLiquidationBonus', 'v4LiquidationFee'] as const;

const sameAsset = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

/** The collateral a keyed change reaches: the asset's, while its position is still on the change's key. An added key is above every position's, so it reaches none until they refresh. Pure. */
export function collateralOnKey(change: ParameterChange, exposure: ExposurePosition): V4CollateralInputs | undefined {
  const v4 = exposure.inputs.aaveV4;
  if (!v4 || change.configKey === undefined) return undefined;
  return v4.collateral.find((entry) => sameAsset(entry.asset, change.asset) && entry.dynamicConfigKey === change.configKey);
}

/** The row an account's effects are told on: its first collateral's supply, so a proposal's changes to one account are applied together, once. */
const isAnchor = (exposure: ExposurePosition): boolean => {
  const first = exposure.inputs.aaveV4?.collateral[0];
  return first !== undefined && exposure.inputs.role === 'supply' && sameAsset(exposure.position.asset, first.asset);
};

/**
 * An Aave v4 spoke's dynamic reserve config: collateral factor, largest liquidation bonus and
 * liquidation fee, set per config key. The spoke counts a collateral at the factor of the key its
 * position is on (Spoke._processUserAccountData reads `_dynamicConfig[reserveId][userPosition.dynamicConfigKey]`
 * unless the action refreshes it), so an update of key k moves only the accounts still on k, and a
 * new key (AddDynamicReserveConfig) none until they borrow, withdraw or change collateral. The
 * health factor after is the spoke's own Σ CF·C / D with the new factors, the shared joint
 * mathematics (jointHealthFactor) applied to the collateral factors in the place of thresholds.
 */
export const v4DynamicConfigCalculator: Calculator = {
  parameters: KEYED,
  touches: (change, exposure) => sameMarket(change, exposure) && isAnchor(exposure) && collateralOnKey(change, exposure) !== undefined,
  chainValue: (change, exposure) => (change.parameter === 'v4CollateralFactor' ? collateralOnKey(change, exposure)?.collateralFactor : undefined),
  effects: (changes, exposure) => {
    const account = exposure.inputs.account;
    if (!account) return [];
    const market = v4MarketName(account.market) ?? account.market;
    // The collateral factor is the spoke's threshold: the shared joint health-factor mathematics applies it.
    const factors = changes.filter((change) => change.parameter === 'v4CollateralFactor').map((change): ParameterChange => ({ ...change, parameter: 'liquidationThreshold' }));
    const effects: Effect[] = factors.length > 0 ? lendingEffects(account, factors, market) : [];
    for (const change of changes.filter((entry) => entry.parameter === 'v4MaxLiquidationBonus')) effects.push(bonusEffect(change, account.healthFactor !== undefined));
    for (const change of changes.filter((entry) => entry.parameter === 'v4LiquidationFee'))
      effects.push({ level: 'none', summary: `The protocol’s share of a liquidator’s bonus on ${change.asset} changes; what a liquidation costs you does not.`, assets: [change.asset ?? ''], simulated: true });
    return effects;
  },
};

/** The largest bonus a liquidator takes on the collateral (the bonus alone, bps). Pure. */
function bonusEffect(change: ParameterChange, hasDebt: boolean): Effect {
  const asset = change.asset ?? 'the collateral';
  const to = asBps(change.to, change.unit);
  const from = asBps(change.from, change.unit);
  if (to === undefined) return { level: 'low', summary: `The liquidation bonus on ${asset} changes.`, assets: [asset], simulated: false };
  const was = from === undefined ? '' : ` instead of ${formatPercent(from / 10_000)}`;
  return {
    level: hasDebt && from !== undefined && to > from ? 'low' : 'none',
    summary: `A liquidation of your ${asset} collateral could cost you a bonus of up to ${formatPercent(to / 10_000)} of the debt repaid${was}; nothing moves unless you are liquidated.`,
    assets: [asset],
    simulated: true,
  };
}
