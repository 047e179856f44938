import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { v4BorrowApr } from '../../shared/modules/aave/v4/supplyRate.js';
import { v4RiskPremiumCalculator } from '../../shared/modules/aave/v4/riskPremiumCalculator.js';
import { v4Positions, v4SpokeAccount } from '../../shared/modules/aave/v4/v4WhatIf.js';
import { assertOnStates } from './support/assertOnStates.js';
import { oracle } from './support/oracleChain.js';
import { debtOnAsset, debtOverAYear, type HubAssetState, hubAsset } from './support/v4HubStates.js';

/*
 * Aave v4's borrow rate (supplyRate.ts v4BorrowApr) against the spoke's and hub's own code:
 * aave-v4 v0.5.11's UserPositionUtils.getDebt (what Spoke.getUserDebt returns: drawn shares at the
 * index rounded up, premium shares at the index less the position's offset) at AssetLogic's
 * running index, now and a year on with no action between (solidity/AaveV4HubOracle.sol
 * debtOverAYear). SYNTHETIC hub assets and positions. The debt owed now is getUserDebt's (premium
 * rounded up to a unit); the two ends differ by the hub's roundings, ((drawn + premium shares)/RAY
 * + 3) units over the year, then 1e-12 of the rate.
 */

const RUNS = 1_000;
const RAY = 10n ** 27n;
const SCALE = 10n ** 18n;
const fromRayUp = (ray: bigint) => (ray + RAY - 1n) / RAY;

/** A position as the spoke leaves it at a refresh at `riskPremium` (UserPositionUtils.calculatePremiumDelta): premium shares = drawn shares × the premium rounded up, `carriedPart` % of the drawn debt of premium already owed carried in the offset; the hub just accrued. */
function refreshedAt(asset: HubAssetState, drawnShares: bigint, riskPremium: number, carriedPart: number) {
  const premiumShares = (drawnShares * BigInt(riskPremium) + 9_999n) / 10_000n;
  const carriedRay = ((drawnShares * BigInt(carriedPart)) / 100n) * RAY;
  const onHub = { ...asset, elapsed: 0n, drawnShares: asset.drawnShares + drawnShares, premiumShares: asset.premiumShares + premiumShares };
  return { asset: onHub, user: { drawnShares, premiumShares, premiumOffsetRay: premiumShares * asset.drawnIndex - carriedRay } };
}

describe('aave-v4 v0.5.11: the borrow rate against UserPositionUtils.getDebt', () => {
  it(`what a debt grows by over a year is the rate we give it (${RUNS} positions)`, async () => {
    const chain = oracle('AaveV4HubOracle');
    if (!chain) return;
    let growing = 0;
    await assertOnStates(debtOnAsset, RUNS, ({ asset, user }) => debtOverAYear(chain, asset, user), ({ asset, user }, [drawnNow, premiumRayNow, drawnLater, premiumRayLater]) => {
      const now = drawnNow + fromRayUp(premiumRayNow);
      const later = drawnLater + fromRayUp(premiumRayLater);
      if (later > now) growing += 1;
      const ours = v4BorrowApr(user, asset, now);
      const hub = Number(((later - now) * SCALE) / now) / 1e18;
      const rounding = Number((user.drawnShares + user.premiumShares) / RAY + 3n) / Number(now);
      expect(Math.abs(ours - hub)).toBeLessThanOrEqual(rounding + 1e-12 * hub);
    });
    expect(growing).toBeGreaterThan(RUNS / 2);
  });

  /** A debt's whole now and a year later (drawn plus premium, the premium rounded up as the spoke owes it). */
  const debtsOf = (drawnNow: bigint, premiumRayNow: bigint, drawnLater: bigint, premiumRayLater: bigint) => ({ now: drawnNow + fromRayUp(premiumRayNow), later: drawnLater + fromRayUp(premiumRayLater) });
  /** The what-if's account of that debt: one collateral at `riskBps` covering it twice, and the debt at the hub's drawn rate. */
  const oneCollateralAccount = (drawnRate: bigint, drawnNow: bigint, premiumRayNow: bigint, riskBps: number) =>
    v4SpokeAccount.parse({
      spoke: 'aave-v4-ethereum-main',
      reserves: [
        { asset: 'C', suppliedUsd: (2 * Number(drawnNow + fromRayUp(premiumRayNow))) / 1e18, collateral: true, collateralFactors: [0.8], collateralRisk: riskBps / 10_000 },
        { asset: 'D', drawnUsd: Number(drawnNow) / 1e18, premiumUsd: Number(fromRayUp(premiumRayNow)) / 1e18, drawnRate: Number(drawnRate) / 1e27 },
      ],
    });
  /*
   * The what-if command's borrow rate (shared/modules/aave/v4/v4WhatIf.ts): an account stating its
   * drawn and premium debt in USD (1 token = $1), the hub's drawn rate, and one collateral whose
   * collateral risk is the position's risk premium. The position is as the spoke leaves it at a
   * refresh (UserPositionUtils.calculatePremiumDelta): premium shares = drawn shares × the risk
   * premium rounded up, the premium already owed carried in the offset; the hub just accrued.
   * Debts from $1 m, so the what-if's micro-dollars stay under 1e-12 of them.
   */
  it(`the what-if command's borrow rate, from the drawn rate and the account's risk premium, is what the refreshed debt grows by (${RUNS} positions)`, async () => {
    const chain = oracle('AaveV4HubOracle');
    if (!chain) return;
    const refreshed = fc
      .record({ asset: hubAsset, drawnShares: fc.bigInt(10n ** 24n, 10n ** 30n), riskPremium: fc.integer({ min: 0, max: 100_000 }), carriedPart: fc.integer({ min: 0, max: 20 }) })
      .map(({ asset, drawnShares, riskPremium, carriedPart }) => ({ ...refreshedAt(asset, drawnShares, riskPremium, carriedPart), riskPremium }));
    let growing = 0;
    await assertOnStates(refreshed, RUNS, ({ asset, user }) => debtOverAYear(chain, asset, user), ({ asset, user, riskPremium }, [drawnNow, premiumRayNow, drawnLater, premiumRayLater]) => {
      const { now, later } = debtsOf(drawnNow, premiumRayNow, drawnLater, premiumRayLater);
      if (later > now) growing += 1;
      const account = oneCollateralAccount(asset.drawnRate, drawnNow, premiumRayNow, riskPremium);
      const borrow = v4Positions('aave', account).find((position) => position.inputs.role === 'borrow')!;
      expect(borrow.inputs.aaveV4!.riskPremium).toBe(riskPremium);
      const hub = Number(((later - now) * SCALE) / now) / 1e18;
      const rounding = Number((user.drawnShares + user.premiumShares) / RAY + 3n) / Number(now);
      expect(Math.abs(borrow.inputs.apr! - hub)).toBeLessThanOrEqual(rounding + 2e-12 * hub + 1e-17);
    });
    expect(growing).toBeGreaterThan(RUNS / 2);
  });
  /*
   * The risk-premium calculator's dollars (shared/modules/aave/v4/riskPremiumCalculator.ts): an
   * account whose one collateral, at collateral risk `current`, covers its debt (so its premium is
   * `current`), and a change of that risk to `next`. Its rate after is what the debt of a position
   * the spoke refreshed at `next` grows by (Spoke._notifyRiskPremiumUpdate re-sets the premium shares
   * and carries the premium owed: the debt does not move). Its rate before, at `current` (the
   * premium left unchanged), fails every debt that grows at all.
   */
  it(`the risk-premium calculator's rate after a collateral risk change is what a debt refreshed at the new premium grows by (${RUNS} positions)`, async () => {
    const chain = oracle('AaveV4HubOracle');
    if (!chain) return;
    const changed = fc
      .record({ asset: hubAsset, drawnShares: fc.bigInt(10n ** 24n, 10n ** 30n), current: fc.integer({ min: 0, max: 100_000 }), step: fc.integer({ min: 1, max: 100_000 }), carriedPart: fc.integer({ min: 0, max: 20 }) })
      .map(({ asset, drawnShares, current, step, carriedPart }) => {
        const next = (current + step) % 100_001;
        return { ...refreshedAt(asset, drawnShares, next, carriedPart), current, next };
      });
    let growing = 0;
    let unchangedFails = 0;
    // Debts that grow at all (a drawn rate of 0, or of a few wei, grows none in a year).
    let priced = 0;
    await assertOnStates(changed, RUNS, ({ asset, user }) => debtOverAYear(chain, asset, user), ({ asset, user, current, next }, [drawnNow, premiumRayNow, drawnLater, premiumRayLater]) => {
      const { now, later } = debtsOf(drawnNow, premiumRayNow, drawnLater, premiumRayLater);
      if (later > now) growing += 1;
      const account = oneCollateralAccount(asset.drawnRate, drawnNow, premiumRayNow, current);
      const anchor = v4Positions('aave', account).find((position) => position.inputs.role === 'supply')!;
      const change = { protocol: 'aave', market: 'aave-v4-ethereum-main', asset: 'C', parameter: 'v4CollateralRisk', from: current, to: next, unit: 'bps' as const, evidence: 'synthetic', verified: true };
      const [effect] = v4RiskPremiumCalculator.effects!([change], anchor);
      expect(effect!.yearly).toBeDefined();
      const hub = Number(((later - now) * SCALE) / now) / 1e18;
      const tolerance = Number((user.drawnShares + user.premiumShares) / RAY + 3n) / Number(now) + 2e-12 * hub + 1e-17;
      if (hub > 0) priced += 1;
      if (Math.abs(effect!.yearly!.aprBefore - hub) > tolerance) unchangedFails += 1;
      expect(Math.abs(effect!.yearly!.aprAfter - hub)).toBeLessThanOrEqual(tolerance);
    });
    expect(growing).toBeGreaterThan(RUNS / 2);
    // Every debt that grows tells the two premiums apart (the step is at least 1 bps).
    expect(unchangedFails).toBe(priced);
    expect(priced).toBeGreaterThan(RUNS / 2);
  });
});
