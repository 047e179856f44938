import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertOnStates } from './support/assertOnStates.js';
import { oracle } from './support/oracleChain.js';
import { afterFeeState, checkSupplyAprAfterFee, feeAfter, hubAsset, overAYear } from './support/v4HubStates.js';

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
});
