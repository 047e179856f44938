import { AdaptiveCurveIrmLib, MarketUtils } from '@morpho-org/blue-sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { curveBorrowRate, supplyRate, utilization } from '../../shared/modules/morpho/exposure/adaptiveCurve.js';
import { healthFactor, maxBorrow, toAssetsUp, WAD } from '../../shared/modules/morpho/exposure/blueMath.js';
import { assertOnStates } from './support/assertOnStates.js';
import { oracle } from './support/oracleChain.js';

/*
 * Morpho Blue's health and rates against its own code: morpho-blue 1.0.0's Morpho._isHealthy and
 * _accrueInterest (a harness that inherits Morpho and writes the market and position into its
 * storage), and for the AdaptiveCurveIrm, whose Solidity (morpho-blue-irm) is not on npm,
 * @morpho-org/blue-sdk's AdaptiveCurveIrmLib, Morpho's own TypeScript port of it. Generated,
 * SYNTHETIC markets.
 */

const RUNS = 1_000;
const MAX_UINT128 = 2n ** 128n - 1n;

const market = fc
  .record({
    totalSupplyAssets: fc.bigInt({ min: 0n, max: 10n ** 30n }),
    totalSupplyShares: fc.bigInt({ min: 0n, max: 10n ** 36n }),
    totalBorrowAssets: fc.bigInt({ min: 0n, max: 10n ** 30n }),
    totalBorrowShares: fc.bigInt({ min: 0n, max: 10n ** 36n }),
    fee: fc.bigInt({ min: 0n, max: WAD / 4n }),
  })
  .map((entry) => ({ ...entry, lastUpdate: 0n }));

/** A borrower: half of them placed within a few units of the liquidation line, where rounding decides. */
const borrower = fc
  .record({
    market,
    borrowShares: fc.bigInt({ min: 0n, max: 10n ** 30n }),
    lltv: fc.oneof(fc.constantFrom(385n, 625n, 770n, 860n, 915n, 945n, 965n, 980n).map((permille) => permille * 10n ** 15n), fc.bigInt({ min: 1n, max: WAD - 1n })),
    // ORACLE_PRICE_SCALE (1e36) × loan units per collateral unit: 1e-12 to 1e12 of it.
    price: fc.bigInt({ min: 10n ** 24n, max: 10n ** 38n }),
    collateral: fc.bigInt({ min: 0n, max: 10n ** 30n }),
    nearLine: fc.boolean(),
    offset: fc.bigInt({ min: -3n, max: 3n }),
  })
  .map(({ market: state, borrowShares, lltv, price, collateral, nearLine, offset }) => {
    if (!nearLine) return { state, borrowShares, lltv, price, collateral };
    // The collateral whose maxBorrow is the debt, then a few units either side.
    const borrowed = toAssetsUp(borrowShares, state.totalBorrowAssets, state.totalBorrowShares);
    const exact = (borrowed * WAD * 10n ** 36n) / (lltv * price) + offset;
    return { state, borrowShares, lltv, price, collateral: exact < 0n ? 0n : exact > MAX_UINT128 ? MAX_UINT128 : exact };
  });

describe('morpho-blue 1.0.0: health against Morpho._isHealthy', () => {
  it(`calls a position healthy exactly when Blue does, the health factor at 1 being its line (${RUNS} positions)`, async () => {
    const chain = oracle('MorphoBlueOracle');
    if (!chain) return;
    let unhealthy = 0;
    await assertOnStates(
      borrower,
      RUNS,
      async ({ state, borrowShares, lltv, price, collateral }) =>
        (await chain.client.readContract({ address: chain.address, abi: chain.abi, functionName: 'isHealthy', args: [state, borrowShares, collateral, lltv, price] })) as boolean,
      ({ state, borrowShares, lltv, price, collateral }, healthy) => {
        const borrowed = toAssetsUp(borrowShares, state.totalBorrowAssets, state.totalBorrowShares);
        const hf = borrowShares === 0n ? undefined : healthFactor(collateral, price, lltv, borrowed);
        expect({ healthy: maxBorrow(collateral, price, lltv) >= borrowed || borrowShares === 0n, byHealthFactor: hf === undefined || hf >= 1 }).toEqual({ healthy, byHealthFactor: healthy });
        if (!healthy) unhealthy++;
      },
    );
    expect(unhealthy).toBeGreaterThan(RUNS / 10);
  });
});

describe('morpho-blue 1.0.0: the supply rate against Morpho._accrueInterest', () => {
  /*
   * supplyRate is the instant rate suppliers earn, per second: borrowRate × U less the fee's
   * share. Blue accrues borrowRate compounded over the elapsed time (wTaylorCompounded) on
   * totalBorrowAssets and takes ⌊interest × fee⌋; over one second the Taylor terms past the first
   * add at most rate/2 relative (1.3e-7 at the IRM's highest, 800 % a year: 200 % at target × 4 at
   * full use), and the floors one unit of the totals. Hence, per unit supplied,
   * |ours − Blue's| ≤ 1.5e-7 relative + 2 / totalSupplyAssets (in WAD).
   */
  const accrual = fc.record({
    state: market.filter((state) => state.totalSupplyAssets >= 10n ** 24n && state.totalBorrowAssets <= state.totalSupplyAssets),
    // Per second, the AdaptiveCurveIrm's whole range: a quarter of MIN_RATE_AT_TARGET (0.1 % a year) at zero use to four times MAX (200 %) at full use.
    borrowRate: fc.bigInt({ min: AdaptiveCurveIrmLib.MIN_RATE_AT_TARGET / 4n, max: AdaptiveCurveIrmLib.MAX_RATE_AT_TARGET * 4n }),
  });

  it(`gives what suppliers earn in the next second, net of Blue's fee, to 1.5e-7 (${RUNS} markets)`, async () => {
    const chain = oracle('MorphoBlueOracle');
    if (!chain) return;
    await assertOnStates(
      accrual,
      RUNS,
      async ({ state, borrowRate }) =>
        (await chain.client.readContract({ address: chain.address, abi: chain.abi, functionName: 'accrue', args: [state, borrowRate, 1n] })) as { totalSupplyAssets: bigint; totalSupplyShares: bigint },
      ({ state, borrowRate }, after) => {
        const interest = after.totalSupplyAssets - state.totalSupplyAssets;
        // The fee is the interest's share the fee recipient's new shares are worth; suppliers keep the rest.
        const feeAmount = state.fee === 0n ? 0n : (interest * state.fee) / WAD;
        const blues = Number(((interest - feeAmount) * WAD * 10n ** 9n) / state.totalSupplyAssets) / 1e9;
        const ours = Number(supplyRate(borrowRate, utilization(state.totalBorrowAssets, state.totalSupplyAssets), state.fee));
        expect(Math.abs(ours - blues)).toBeLessThanOrEqual(1.5e-7 * Math.max(ours, blues) + Number((2n * WAD) / state.totalSupplyAssets) + 1);
      },
    );
  });
});

describe('AdaptiveCurveIrm: the borrow rate against @morpho-org/blue-sdk’s AdaptiveCurveIrmLib', () => {
  const curve = fc.record({
    totalSupplyAssets: fc.bigInt({ min: 1n, max: 10n ** 30n }),
    borrowedShare: fc.oneof(fc.bigInt({ min: 0n, max: WAD }), fc.constantFrom(0n, (9n * WAD) / 10n, WAD)),
    rateAtTarget: fc.oneof(fc.constant(0n), fc.bigInt({ min: AdaptiveCurveIrmLib.MIN_RATE_AT_TARGET, max: AdaptiveCurveIrmLib.MAX_RATE_AT_TARGET })),
  });

  it(`gives the curve's rate at the market's utilization, to the unit (${RUNS} markets)`, () => {
    fc.assert(
      fc.property(curve, ({ totalSupplyAssets, borrowedShare, rateAtTarget }) => {
        const totalBorrowAssets = (totalSupplyAssets * borrowedShare) / WAD;
        const u = utilization(totalBorrowAssets, totalSupplyAssets);
        expect(u).toBe(MarketUtils.getUtilization({ totalSupplyAssets, totalBorrowAssets }));
        // Elapsed 0: the rate at target as stored (what the module reads), the curve applied to it.
        expect(curveBorrowRate(rateAtTarget, u)).toBe(AdaptiveCurveIrmLib.getBorrowRate(u, rateAtTarget, 0n).endBorrowRate);
      }),
      { numRuns: RUNS },
    );
  });
});
