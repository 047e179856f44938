import type { ParameterChange } from '../../../domain/parameterChange.js';
import type { ExposurePosition } from '../../../domain/position.js';
import type { Calculator } from '../../../simulate/calculator.js';
import { asBps } from '../../../simulate/changeValues.js';
import type { Effect } from '../../../simulate/effect.js';
import { formatPercent } from '../../../simulate/format.js';
import { sameMarket } from '../../../simulate/touches.js';
import { spokeAccountData } from './accountData.js';
import { v4MarketName } from './spokeNames.js';

const sameAsset = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();
/** Dollars as the spoke's values (26 decimals), to the micro-dollar. */
const value = (usd: number): bigint => BigInt(Math.round(usd * 1e6)) * 10n ** 20n;

/** The account's risk premium (bps) with `risks` in the place of its collateral's, by Spoke._processUserAccountData's ordering. Pure. */
function riskPremiumWith(exposure: ExposurePosition, risks: (asset: string, risk: number) => number): number | undefined {
  const v4 = exposure.inputs.aaveV4;
  const account = exposure.inputs.account;
  if (!v4 || !account || !(account.debtUsd > 0)) return undefined;
  const data = spokeAccountData({
    collateral: v4.collateral.map((entry) => ({ value: value(entry.valueUsd), collateralFactor: entry.collateralFactor, collateralRisk: risks(entry.asset, entry.collateralRisk) })),
    debtValueRay: value(account.debtUsd) * 10n ** 27n,
  });
  return Number(data.riskPremium);
}

/**
 * A reserve's collateral risk on an Aave v4 spoke: a borrower pays, on top of the drawn rate, a
 * premium that is the collateral risk of the collateral covering the debt, the least risky first
 * (Spoke._processUserAccountData). A change reaches the accounts holding that collateral; the spoke
 * applies the new premium when the position is next updated (borrow, repay, withdraw, collateral,
 * or updateUserRiskPremium), so the effect says from when. Told once per account, on its first
 * collateral's supply row. The premium's cost in dollars needs the drawn rate, which the scan does not read:
 * stated as the premium's share, not as money.
 */
export const v4RiskPremiumCalculator: Calculator = {
  parameters: ['v4CollateralRisk'],
  touches: (change, exposure) => {
    const v4 = exposure.inputs.aaveV4;
    // The account's first collateral's supply row, as the dynamic-config calculator's: one effect per account.
    const anchor = v4?.collateral[0];
    if (!v4 || !anchor || !sameMarket(change, exposure) || exposure.inputs.role !== 'supply' || !sameAsset(exposure.position.asset, anchor.asset)) return false;
    return v4.collateral.some((entry) => sameAsset(entry.asset, change.asset));
  },
  chainValue: (change, exposure) => exposure.inputs.aaveV4?.collateral.find((entry) => sameAsset(entry.asset, change.asset))?.collateralRisk,
  effects: (changes, exposure) => {
    const before = exposure.inputs.aaveV4?.riskPremium;
    const after = riskPremiumWith(exposure, (asset, risk) => {
      const change = changes.find((entry: ParameterChange) => sameAsset(entry.asset, asset));
      return (change && asBps(change.to, change.unit)) ?? risk;
    });
    const assets = [...new Set(changes.map((change) => change.asset ?? ''))];
    if (before === undefined || after === undefined) return [{ level: 'none', summary: `The collateral risk of ${assets.join(', ')} changes; your account has no debt, so it pays no premium.`, assets, simulated: true }];
    const market = v4MarketName(exposure.inputs.market ?? '') ?? 'Aave v4';
    const effect: Effect = {
      level: after > before ? 'low' : 'none',
      summary:
        after === before
          ? `The risk premium of your ${market} borrow stays at ${formatPercent(before / 10_000)} of the drawn rate.`
          : `The risk premium of your ${market} borrow would move from ${formatPercent(before / 10_000)} to ${formatPercent(after / 10_000)} of the drawn rate, from your position’s next update.`,
      ...(after !== before && { estimatedChange: `risk premium ${formatPercent(before / 10_000)} → ${formatPercent(after / 10_000)}` }),
      assets,
      simulated: true,
    };
    return [effect];
  },
};
