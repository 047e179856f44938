/**
 * What a hub's suppliers earn, by the hub's own accounting (aave-v4 v0.5.11, the release whose
 * IHub and ISpoke match the address book's published IHubV4 and ISpokeV4 entry for entry:
 * src/hub/libraries/AssetLogic.sol and SharesMath.sol). A supply is added shares, worth
 * shares × (addedAssets + 1e6) / (addedShares + 1e6); addedAssets is liquidity + swept + all that
 * is owed (drawn, premium, deficit) − the fees not yet minted. Between two actions the drawn
 * index grows linearly at the stored drawn rate, so the owed grows by
 * (drawnShares + premiumShares) × index × rate a year (premium shares accrue at the drawn rate
 * like drawn ones), of which the liquidity fee goes to the fee receiver and is left out of
 * addedAssets. Proven against AssetLogic itself: test/oracles/aaveV4SupplyRate.test.ts.
 */

import { afterFee } from '../../../simulate/keptShare.js';

const RAY = 10n ** 27n;
const PERCENTAGE_FACTOR = 10_000n;
/** SharesMath.VIRTUAL_ASSETS: the share price's virtual offset. */
const VIRTUAL_ASSETS = 10n ** 6n;
const SCALE = 10n ** 18n;

/** The fields of IHub.Asset (getAsset) the supply side needs, as the hub stores them. */
export interface HubAssetAccrual {
  drawnShares: bigint;
  premiumShares: bigint;
  /** RAY; as stored at the last accrual (getAsset), not the running one. */
  drawnIndex: bigint;
  /** RAY a year; the stored rate the index grows at until the next action. */
  drawnRate: bigint;
  /** bps of the interest kept as fees. */
  liquidityFee: number;
}

/**
 * The yearly rate a supply to a hub asset earns now, as a fraction: the growth of the hub's added
 * assets over a year with no other action, over what a share is worth now (`addedAssets`, the
 * hub's getAddedAssets). Simple, not compounded: the hub itself compounds only when an action
 * accrues it. Zero where nothing is drawn. Pure.
 */
export function v4SupplyApr(asset: HubAssetAccrual, addedAssets: bigint): number {
  const yearlyRay = (asset.drawnShares + asset.premiumShares) * asset.drawnIndex * asset.drawnRate;
  const kept = PERCENTAGE_FACTOR - BigInt(asset.liquidityFee);
  return Number((yearlyRay * kept * SCALE) / (RAY * RAY * PERCENTAGE_FACTOR * (addedAssets + VIRTUAL_ASSETS))) / 1e18;
}

/** The part of the drawn rate a supply earns (its supply rate per unit of drawn rate), for a drawn rate that moves. Pure. */
export function v4SupplyShareOfDrawnRate(asset: Omit<HubAssetAccrual, 'drawnRate'>, addedAssets: bigint): number {
  return v4SupplyApr({ ...asset, drawnRate: RAY }, addedAssets);
}

/**
 * The supply rate after the hub asset's liquidity fee moves from `from` to `to` (bps), from the rate
 * before it: in v4SupplyApr the fee is the factor (10,000 − fee) / 10,000 alone, so the rate moves
 * by its ratio (the shared afterFee). The drawn rate does not move with it (Hub.updateAssetConfig
 * re-prices it at an unchanged usage). Undefined where the hub kept (almost) all the interest. Pure.
 *
 * @example v4SupplyAprAfterFee(0.045, 1_000, 1_500) // 0.0425
 */
export const v4SupplyAprAfterFee = (apr: number, from: number, to: number): number | undefined => afterFee(apr, from / 10_000, to / 10_000);

/** A borrower's drawn and premium shares (ISpoke.UserPosition). */
export interface UserDebtShares {
  drawnShares: bigint;
  premiumShares: bigint;
}

/**
 * The yearly rate a borrow pays now, as a fraction: its debt (getUserDebt: drawn shares × index,
 * plus premium shares × index − the premium offset) grows by (drawnShares + premiumShares) × index
 * × the stored drawn rate a year until the next action (UserPositionUtils.getDebt at the hub's
 * index), over what it owes now (`debt`, drawn plus premium). The risk premium is in its premium
 * shares (drawn shares × the user's risk premium at its last refresh). Zero for no debt. Pure.
 */
export function v4BorrowApr(user: UserDebtShares, asset: Pick<HubAssetAccrual, 'drawnIndex' | 'drawnRate'>, debt: bigint): number {
  if (debt === 0n) return 0;
  return Number(((user.drawnShares + user.premiumShares) * asset.drawnIndex * asset.drawnRate * SCALE) / (RAY * RAY * debt)) / 1e18;
}

/**
 * The yearly rate a borrow pays once the spoke refreshes it at `riskPremium` (bps): its premium
 * shares become its drawn shares × the premium, rounded up, and what it owes does not move (the
 * premium already owed is carried in its offset; UserPositionUtils.calculatePremiumDelta, called
 * by Spoke._notifyRiskPremiumUpdate). Priced by v4BorrowApr. Pure.
 */
export function v4BorrowAprAtPremium(user: Pick<UserDebtShares, 'drawnShares'>, asset: Pick<HubAssetAccrual, 'drawnIndex' | 'drawnRate'>, debt: bigint, riskPremium: number): number {
  const premiumShares = (user.drawnShares * BigInt(riskPremium) + PERCENTAGE_FACTOR - 1n) / PERCENTAGE_FACTOR;
  return v4BorrowApr({ drawnShares: user.drawnShares, premiumShares }, asset, debt);
}

/** A borrow stated in dollars: its drawn debt, what it owes (drawn and premium) and the hub asset's drawn rate, a yearly fraction. */
export interface UsdBorrow {
  drawnUsd: number;
  debtUsd: number;
  drawnRate: number;
}

/**
 * v4BorrowAprAtPremium for a borrow stated in dollars (a what-if account, or a scan's debt at the
 * spoke's oracle): at index 1 its drawn shares are its drawn debt, to the micro-dollar, and the rate
 * is taken to 1e-18 as the hub stores it (RAY). Pure.
 *
 * @example v4BorrowAprOfUsd({ drawnUsd: 12_000, debtUsd: 12_000, drawnRate: 0.04 }, 1_084) // 0.044336
 */
export function v4BorrowAprOfUsd(borrow: UsdBorrow, riskPremium: number): number {
  const micro = (usd: number) => BigInt(Math.round(usd * 1e6)) * 10n ** 20n;
  const asset = { drawnIndex: RAY, drawnRate: BigInt(Math.round(borrow.drawnRate * 1e18)) * 10n ** 9n };
  return v4BorrowAprAtPremium({ drawnShares: micro(borrow.drawnUsd) }, asset, micro(borrow.debtUsd), riskPremium);
}

/** The part of the drawn rate a borrow pays (its rate per unit of drawn rate). Pure. */
export function v4BorrowShareOfDrawnRate(user: UserDebtShares, asset: Pick<HubAssetAccrual, 'drawnIndex'>, debt: bigint): number {
  return v4BorrowApr(user, { ...asset, drawnRate: RAY }, debt);
}

/**
 * The usage ratio the hub's rate strategy priced the stored drawn rate at (AssetLogic.updateDrawnRate
 * at the last accrual → AssetInterestRateStrategy.calculateInterestRate): drawn over liquidity +
 * drawn + swept, premium and deficit left out, drawn at the stored index rounded up. Pure.
 */
export function v4DrawnUsage(asset: Pick<HubAssetAccrual, 'drawnShares' | 'drawnIndex'> & { liquidity: bigint; swept: bigint }): number {
  const drawn = (asset.drawnShares * asset.drawnIndex + RAY - 1n) / RAY;
  if (drawn === 0n) return 0;
  return Number((drawn * SCALE) / (asset.liquidity + drawn + asset.swept)) / 1e18;
}
