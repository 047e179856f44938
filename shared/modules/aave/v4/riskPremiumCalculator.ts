import type { ParameterChange } from '../../../domain/parameterChange.js';
import type { ExposurePosition } from '../../../domain/position.js';
import type { Calculator } from '../../../simulate/calculator.js';
import { asBps } from '../../../simulate/changeValues.js';
import type { Effect } from '../../../simulate/effect.js';
import { formatPercent, formatUsd } from '../../../simulate/format.js';
import { levelForUsd } from '../../../simulate/levels.js';
import { sameMarket } from '../../../simulate/touches.js';
import { spokeAccountData } from './accountData.js';
import { v4MarketName } from './spokeNames.js';
import { type UsdBorrow, v4BorrowAprOfUsd } from './supplyRate.js';
import type { V4BorrowInputs } from './v4Inputs.js';

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

const share = (bps: number) => formatPercent(bps / 10_000);
const round2 = (usd: number) => Math.round(usd * 100) / 100;

/**
 * When a new premium reaches a debt: Spoke._notifyRiskPremiumUpdate re-sets every borrow's premium
 * shares only inside borrow, withdraw (of collateral), setUsingAsCollateral, liquidationCall,
 * updateUserDynamicConfig and updateUserRiskPremium; a supply adds nothing to the premium, and a
 * repay keeps the premium last set (calculatePremiumDelta at positionStatus.riskPremium).
 */
const FROM_REFRESH = 'from the spoke’s next refresh of your premium (your next borrow, collateral withdrawal or collateral switch, a liquidation or a premium update; a supply or a repay keeps the premium last set)';

const hasDrawnRate = (borrow: V4BorrowInputs): borrow is V4BorrowInputs & UsdBorrow => borrow.drawnRate !== undefined;

/**
 * What one debt pays a year at the new premium against the current one, both as the spoke sets a
 * position at a refresh (premium shares = drawn shares × the premium: v4BorrowAprOfUsd), so the
 * difference is the change's alone, whatever premium the position last refreshed to. Pure.
 */
function premiumCost(borrow: V4BorrowInputs & UsdBorrow, before: number, after: number, market: string, assets: readonly string[]): Effect {
  const aprBefore = v4BorrowAprOfUsd(borrow, before);
  const aprAfter = v4BorrowAprOfUsd(borrow, after);
  // A borrow pays: a higher rate is money out of the wallet.
  const yearly = -borrow.debtUsd * (aprAfter - aprBefore);
  const moves = Math.abs(yearly) >= 0.005;
  const direction = yearly < 0 ? 'more' : 'less';
  const premium = `its risk premium moves from ${share(before)} to ${share(after)} of the drawn rate, ${FROM_REFRESH}`;
  return {
    level: levelForUsd(yearly, borrow.debtUsd),
    summary: moves ? `Your ${market} ${borrow.asset} borrow would cost about ${formatUsd(yearly)} ${direction} a year: ${premium}.` : `Your ${market} ${borrow.asset} borrow costs about the same a year: ${premium}.`,
    ...(moves && { estimatedChange: `about ${formatUsd(yearly)} a year ${direction} (${formatPercent(aprBefore)} → ${formatPercent(aprAfter)})`, usd: round2(yearly) }),
    assets: [...new Set([borrow.asset, ...assets])],
    simulated: true,
    yearly: { asset: borrow.asset, aprBefore, aprAfter, usd: round2(yearly) },
  };
}

/**
 * A reserve's collateral risk on an Aave v4 spoke: a borrower pays, on top of the drawn rate, a
 * premium that is the collateral risk of the collateral covering the debt, the least risky first
 * (Spoke._processUserAccountData). A change reaches the accounts holding that collateral, and their
 * debts only at the spoke's next refresh of the premium (FROM_REFRESH), so the effect says from
 * when. Told on the account's first collateral's supply row: a debt whose hub's drawn rate was
 * read gets its yearly dollars (premiumCost, the rate by the hub's own accrual); the premium's
 * share alone is stated for the others, naming what was not read.
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
    const v4 = exposure.inputs.aaveV4;
    const before = v4?.riskPremium;
    const after = riskPremiumWith(exposure, (asset, risk) => {
      const change = changes.find((entry: ParameterChange) => sameAsset(entry.asset, asset));
      return (change && asBps(change.to, change.unit)) ?? risk;
    });
    const assets = [...new Set(changes.map((change) => change.asset ?? ''))];
    if (before === undefined || after === undefined) return [{ level: 'none', summary: `The collateral risk of ${assets.join(', ')} changes; your account has no debt, so it pays no premium.`, assets, simulated: true }];
    const market = v4MarketName(exposure.inputs.market ?? '') ?? 'Aave v4';
    if (after === before) return [{ level: 'none', summary: `The risk premium of your ${market} borrow stays at ${share(before)} of the drawn rate.`, assets, simulated: true }];
    const borrows = v4?.borrows ?? [];
    const effects = borrows.filter(hasDrawnRate).map((borrow) => premiumCost(borrow, before, after, market, assets));
    const unread = borrows.filter((borrow) => !hasDrawnRate(borrow)).map((borrow) => borrow.asset);
    if (effects.length === 0 || unread.length > 0) {
      const what = unread.length > 0 ? `the drawn rate of ${unread.join(', ')} was` : 'its debts were';
      effects.push({
        level: after > before ? 'low' : 'none',
        summary: `The risk premium of your ${market} borrow would move from ${share(before)} to ${share(after)} of the drawn rate, ${FROM_REFRESH}. Its cost in dollars is not stated: ${what} not read.`,
        estimatedChange: `risk premium ${share(before)} → ${share(after)}`,
        assets,
        simulated: true,
      });
    }
    return effects;
  },
};
