import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyToCollateral } from '../../shared/simulate/lendingEffects.js';
import { assertOnStates } from './support/assertOnStates.js';
import { accountOf, applyMoves, changesOf, evaluate, type Flavor, moves, ORACLE_MARKETS, poolState } from './support/lendingPoolStates.js';
import { oracle } from './support/oracleChain.js';

/*
 * The LTV each collateral counts with, before and after a proposal, against the pools' own
 * GenericLogic.calculateUserAccountData (aave-v3-origin 3.6.0, and 3.7.0's isolated categories where
 * its sources were extracted; aave core-v3 1.19.3, SparkLend's
 * base): the harness reduces the account to one collateral, whose avgLtv is then exactly the LTV
 * the pool applies to it. Integers on both sides, so equality. Generated, SYNTHETIC states.
 */

const RUNS = 1_000;
// An LT change too: a reserve whose LT goes to 0 (its LTV with it) counts 0 on v3.0, in eMode too.
const LTV_MOVES = ['ltv', 'liquidationThreshold', 'eModeLtv', 'eModeCollateral', 'eModeLtvZero', 'eModeIsolated'] as const;

describe.each(Object.keys(ORACLE_MARKETS) as Flavor[])('%s: the LTV each collateral counts with, against the pool', (flavor) => {
  const { harness, market } = ORACLE_MARKETS[flavor];
  const cases = fc.tuple(poolState(flavor), moves(flavor, LTV_MOVES)).map(([before, proposed]) => ({ before, ...applyMoves(flavor, before, proposed) }));

  it(`is the pool's for every collateral, before and after LTV, eMode LTV, membership${flavor === 'sparklend' ? '' : flavor === 'aave-v3.7' ? ', ltvzero and isolation' : ' and ltvzero'} changes, and so is the borrowing power (${RUNS} states)`, async () => {
    const chain = oracle(harness);
    if (!chain) return;
    let compared = 0;
    let zeroedInEMode = 0;
    let zeroedByIsolation = 0;
    await assertOnStates(
      cases,
      RUNS,
      ({ before, state }) => evaluate(chain, before, state),
      ({ before, moves: kept }, evaluation) => {
        const account = accountOf(flavor, before, evaluation);
        if (!account) return;
        const applied = applyToCollateral(account, changesOf(market.market, kept, before.eMode.id));
        for (const { collateral, before: ours, after: oursAfter } of applied) {
          const id = Number(collateral.asset.slice(1));
          const pool = { before: Number(evaluation.ltvsBefore[id]), after: Number(evaluation.ltvsAfter[id]) };
          expect({ asset: collateral.asset, before: ours.ltv, after: oursAfter.ltv }).toEqual({ asset: collateral.asset, ...pool });
          compared++;
          if (collateral.inEMode && pool.before === 0) zeroedInEMode++;
          if (account.eMode?.isolated && !collateral.inEMode && (collateral.ltv ?? 0) > 0 && collateral.liquidationThreshold > 0) zeroedByIsolation++;
        }
        // Borrowing power, Σ value × LTV: the pool's is totalCollateral × avgLtv, avgLtv being
        // Σ value·LTV / totalCollateral floored to a bp, so up to totalCollateral / 10,000 below the
        // exact sum ours is (base units: 1e-8 USD; 1e-9 relative for the doubles).
        const ours = applied.reduce((sum, { collateral, after }) => sum + (collateral.valueUsd * after.ltv!) / 10_000, 0);
        const collateralUsd = Number(evaluation.after.totalCollateralBase) / 1e8;
        const pools = (collateralUsd * Number(evaluation.after.avgLtv)) / 10_000;
        expect(ours).toBeGreaterThanOrEqual(pools - 1e-9 * Math.max(1, pools));
        expect(ours - pools).toBeLessThanOrEqual(collateralUsd / 10_000 + 1e-9 * Math.max(1, pools));
      },
    );
    // The run reached the rules it is about: collaterals whose LTV an eMode rule zeroes.
    expect(compared).toBeGreaterThan(RUNS / 2);
    expect(zeroedInEMode).toBeGreaterThan(RUNS / 50);
    // 3.7: collaterals outside an isolated category, whose own LTV the isolation zeroes.
    if (flavor === 'aave-v3.7') expect(zeroedByIsolation).toBeGreaterThan(RUNS / 50);
  });
});
