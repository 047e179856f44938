import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertOnStates } from './support/assertOnStates.js';
import { oracle } from './support/oracleChain.js';
import { v4SupplyApr } from '../../shared/modules/aave/v4/supplyRate.js';
import { runWhatIf } from '../../shared/whatIf/runWhatIf.js';
import { afterFeeState, checkSupplyAprAfterFee, feeAfter, hubAsset, overAYear, supplyAprTolerance } from './support/v4HubStates.js';

/*
 * A hub asset's liquidity fee moved by UpdateAssetConfig (shared/modules/aave/v4/supplyRateCalculator.ts,
 * v4SupplyAprAfterFee): the supply rate after it, from the rate at the old fee, against aave-v4
 * v0.5.11's own AssetLogic at the new fee on the asset just accrued, as Hub.updateAssetConfig leaves
 * it (solidity/AaveV4HubOracle.sol overAYear; extracted and compiled as aaveV4SupplyRate's).
 * SYNTHETIC assets and fees; the code is Aave's. Tolerance in support/v4HubStates.ts.
 */

const RUNS = 1_000;

describe('aave-v4 v0.5.11: the supply rate after a liquidity fee change against the hub’s AssetLogic', () => {
  it(`what a supply earns over a year at the new fee is what the hub's added assets gain (${RUNS} assets and fees)`, async () => {
    const chain = oracle('AaveV4HubOracle');
    if (!chain) return;
    let moved = 0;
    await assertOnStates(fc.record({ state: hubAsset, fee: feeAfter }), RUNS, ({ state, fee }) => overAYear(chain, afterFeeState(state, fee)), ({ state, fee }, answer) => {
      checkSupplyAprAfterFee(state, fee, answer);
      if (fee !== state.liquidityFee && answer.addedLater > answer.addedNow) moved += 1;
    });
    // Most generated assets earn and change fee: a run where the rate never moves would prove nothing.
    expect(moved).toBeGreaterThan(RUNS / 2);
  });

  /*
   * The same through the what-if command (shared/modules/aave/v4/v4WhatIf.ts): a v4 account supplying
   * $1 bn on the asset at its supply rate (v4SupplyApr at the old fee) and stating the old fee, and a
   * v4LiquidityFee change to the new one, both as fractions. Its yearly dollars are the hub's growth
   * at the new fee less the old rate's, on $1 bn, to the cent (the command rounds to cents; nothing
   * below $0.005 a year is stated). Assets whose rate is past the input's 1,000 % are left out.
   */
  it(`the what-if command's yearly figure for a supplier is what the hub's added assets gain at the new fee (${RUNS} assets and fees)`, async () => {
    const chain = oracle('AaveV4HubOracle');
    if (!chain) return;
    const SUPPLIED = 1e9;
    let priced = 0;
    const stated = fc.record({ state: hubAsset, fee: feeAfter }).filter(({ state }) => state.liquidityFee < 10_000);
    await assertOnStates(stated, RUNS, async ({ state, fee }) => {
      const answer = await overAYear(chain, afterFeeState(state, fee));
      const apr = v4SupplyApr(state, answer.addedNow);
      if (apr > 10) return { answer, apr };
      const reserve = { asset: 'X', suppliedUsd: SUPPLIED, supplyRate: apr, liquidityFee: state.liquidityFee / 10_000 };
      const result = await runWhatIf({ protocol: 'aave', account: { spoke: 'aave-v4-ethereum-main', reserves: [reserve] }, changes: [{ asset: 'X', parameter: 'v4LiquidityFee', to: fee / 10_000 }] });
      return { answer, apr, impact: result.impact };
    }, ({ state, fee }, { answer, apr, impact }) => {
      if (!impact) return;
      expect(impact.analysisStatus).toBe('simulated');
      const { hub, tolerance } = supplyAprTolerance(state, fee, answer);
      const usd = impact.estimatedImpactUsd ?? 0;
      expect(Math.abs(usd - SUPPLIED * (hub - apr))).toBeLessThanOrEqual(0.005 + SUPPLIED * tolerance + 1e-6);
      if (usd !== 0) priced += 1;
    });
    expect(priced).toBeGreaterThan(RUNS / 2);
  });
});
