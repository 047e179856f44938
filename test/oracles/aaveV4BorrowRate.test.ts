import { describe, expect, it } from 'vitest';
import { v4BorrowApr } from '../../shared/modules/aave/v4/supplyRate.js';
import { assertOnStates } from './support/assertOnStates.js';
import { oracle } from './support/oracleChain.js';
import { debtOnAsset, debtOverAYear } from './support/v4HubStates.js';

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
});
