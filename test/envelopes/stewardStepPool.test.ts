import { maxUint256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { lendingWorst } from '../../shared/envelopes/lendingWorst.js';
import { AAVE_NO_VOTE_BOUNDS } from '../../shared/modules/aave/stewardBounds.js';
import { assertOnStates } from '../oracles/support/assertOnStates.js';
import { accountOf, applyMoves, evaluate, type Flavor, type Move, ORACLE_MARKETS, poolState } from '../oracles/support/lendingPoolStates.js';
import { oracle } from '../oracles/support/oracleChain.js';

/*
 * The worst case of Aave's declared steward bounds (3 steps of 0.5 point on every reserve LT, 3 of
 * 0.1 point on the eMode LT, in 7 days), computed by lendingWorst, then applied to the same
 * generated pool state by aave-v3-origin's own GenericLogic in the oracle harness (one anvil per
 * run, test/oracles/README.md): the pool's health factor after the steps is the envelope's worst.
 * The steward lowers each LTV with its LT where the LT would pass under it (the configurator refuses
 * LTV > LT; the LTV's bound is the same 0.5 point). States SYNTHETIC. Tolerance as in
 * lendingPoolHealthFactor.test.ts: the chain's HF is read to six decimals.
 */
const RUNS = 300;
const HORIZON = 7 * 86_400;
// The declared bounds, on the harness's market (the declarations name Aave's markets).
const BOUNDS = AAVE_NO_VOTE_BOUNDS.bounds.map(({ markets: _markets, only: _only, ...bound }) => bound);

describe.each(['aave-v3.6', 'aave-v3.7'] as Flavor[])('%s: the envelope’s worst health factor, against the pool after the steward’s steps', (flavor) => {
  it(`is the pool’s within six decimals (${RUNS} states)`, async () => {
    const chain = oracle(ORACLE_MARKETS[flavor].harness);
    if (!chain) return;
    let compared = 0;
    let moved = 0;
    await assertOnStates(
      poolState(flavor),
      RUNS,
      async (before) => {
        // The account as the reader makes it, from the pool's own answer for the state before.
        const account = accountOf(flavor, before, await evaluate(chain, before, before));
        const worst = account && lendingWorst('oracle', account, BOUNDS, HORIZON, (parameter) => parameter);
        const steps: Move[] = [];
        for (const change of worst?.changes ?? []) {
          const to = Number(change.to);
          if (change.parameter === 'liquidationThreshold') {
            const index = Number(change.asset!.slice(1));
            if (before.reserves[index]!.ltv > to) steps.push({ kind: 'ltv', index, to });
            steps.push({ kind: 'liquidationThreshold', index, to });
          } else {
            if (before.eMode.ltv > to) steps.push({ kind: 'eModeLtv', to });
            steps.push({ kind: 'eModeLiquidationThreshold', to });
          }
        }
        const after = applyMoves(flavor, before, steps);
        return { worst, kept: after.moves.length === steps.length, evaluation: await evaluate(chain, before, after.state) };
      },
      (_before, { worst, kept, evaluation }) => {
        expect(kept).toBe(true);
        if (evaluation.after.healthFactor === maxUint256 || !worst?.healthFactor) return;
        const pools = Number(evaluation.after.healthFactor) / 1e18;
        expect(Math.abs(worst.healthFactor.worst - pools)).toBeLessThanOrEqual(1e-6 + 1e-12 * pools);
        compared++;
        if (worst.healthFactor.worst < worst.healthFactor.now) moved++;
      },
    );
    console.info(`${flavor}: ${compared} envelopes compared with the pool, ${moved} lowering the health factor`);
    expect(compared).toBeGreaterThan(RUNS / 4);
    expect(moved).toBeGreaterThan(RUNS / 5);
  });
});
