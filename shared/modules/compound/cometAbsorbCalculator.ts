import type { ParameterChange } from '../../domain/parameterChange.js';
import type { ExposurePosition } from '../../domain/position.js';
import type { Calculator } from '../../simulate/calculator.js';
import type { Effect } from '../../simulate/effect.js';
import { asBps } from '../../simulate/changeValues.js';
import { formatPercent, formatUsd } from '../../simulate/format.js';
import { sameMarket } from '../../simulate/touches.js';
import { V2_MARKET } from './addresses.js';
import { compoundMarketName } from './names.js';

/**
 * A Comet market's liquidation penalty (1 − the asset's liquidationFactor, carried as the shared
 * liquidationBonus, decodeActions.ts). Comet does not pay a liquidator a bonus on the debt repaid:
 * absorb seizes every collateral of the account and credits its value × liquidationFactor against
 * the debt, any excess as base supplied (compound-finance/comet contracts/Comet.sol absorbInternal,
 * lines 1183–1235). The loss is the penalty on all of that collateral, however small the debt, so
 * the lending pools' "bonus of the debt repaid" would understate it.
 */
export const cometAbsorbCalculator: Calculator = {
  parameters: [],
  claims: (change) => change.protocol === 'compound' && change.parameter === 'liquidationBonus' && change.market !== V2_MARKET,
  // Told once per account, on the collateral it concerns (the account's other rows would repeat it).
  touches: (change, exposure) =>
    sameMarket(change, exposure) &&
    change.asset !== undefined &&
    exposure.position.asset.toLowerCase() === change.asset.toLowerCase() &&
    Boolean(exposure.inputs.account?.collateral.some((entry) => entry.asset.toLowerCase() === change.asset!.toLowerCase())),
  effects: (changes, exposure) => changes.map((change) => absorbEffect(change, exposure)),
};

function absorbEffect(change: ParameterChange, { inputs }: ExposurePosition): Effect {
  const asset = change.asset!;
  const to = asBps(change.to, change.unit);
  const from = asBps(change.from, change.unit);
  const account = inputs.account!;
  const held = account.collateral.find((entry) => entry.asset.toLowerCase() === asset.toLowerCase());
  if (to === undefined || to < 0 || to > 10_000) {
    return { level: 'low', summary: `The liquidation penalty on ${asset} changes.`, assets: [asset], simulated: false };
  }
  const was = from === undefined ? '' : ` (${formatPercent(from / 10_000)} now)`;
  return {
    level: account.healthFactor !== undefined && from !== undefined && to > from ? 'low' : 'none',
    summary: `If your ${compoundMarketName(account.market) ?? 'Compound'} account is absorbed, all of your ${asset} collateral is seized and credited against your debt at ${formatPercent(1 - to / 10_000)} of its value: you would lose ${formatPercent(to / 10_000)} of it${was}, however small the debt; nothing moves unless you are liquidated.`,
    ...(held && { details: `${asset} collateral ${formatUsd(held.valueUsd)}: ${formatUsd((held.valueUsd * to) / 10_000)} lost on absorption${from === undefined ? '' : ` instead of ${formatUsd((held.valueUsd * from) / 10_000)}`}.` }),
    assets: [asset],
    simulated: true,
  };
}
