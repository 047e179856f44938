import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../shared/domain/parameterChange.js';
import type { SimulatorInputs } from '../../shared/domain/position.js';
import { v4DrawnUsage, v4SupplyApr, v4SupplyShareOfDrawnRate } from '../../shared/modules/aave/v4/supplyRate.js';
import { v4SupplyRateCalculator } from '../../shared/modules/aave/v4/supplyRateCalculator.js';
import { rateOnCurve } from '../../shared/simulate/rateAfter.js';
import { assertOnStates } from './support/assertOnStates.js';
import { oracle } from './support/oracleChain.js';
import { drawnRateUnder, hubAsset, overAYear, rateData } from './support/v4HubStates.js';

/*
 * A v4 hub's rate curve against the hub's own code: aave-v4 v0.5.11's AssetInterestRateStrategy,
 * called by AssetLogic.updateDrawnRate on the stored state (what setInterestRateData and every
 * action leave), compiled by solc-js 0.8.28 (the version its foundry.toml builds with) in
 * solidity/AaveV4HubOracle.sol. Ours: the shared kinked curve (rateOnCurve) at v4DrawnUsage, and
 * v4SupplyRateCalculator's supply rate after a whole new curve, which must be v4SupplyApr at the
 * drawn rate the hub stores under it. SYNTHETIC states and curves.
 * Tolerance: 1e-12 of a yearly rate (the strategy rounds its usage and products up at 27 digits;
 * ours are doubles).
 */

const RUNS = 1_000;
const state = fc.record({ asset: hubAsset, data: rateData });

describe('aave-v4 v0.5.11: the rate curve against AssetInterestRateStrategy', () => {
  it(`the drawn rate the hub stores is the kinked curve at the usage it was priced at (${RUNS} assets and curves)`, async () => {
    const chain = oracle('AaveV4HubOracle');
    if (!chain) return;
    let aboveOptimal = 0;
    await assertOnStates(state, RUNS, ({ asset, data }) => drawnRateUnder(chain, asset, data), ({ asset, data }, hubRate) => {
      const usage = v4DrawnUsage(asset);
      const kink = data.optimalUsageRatio / 10_000;
      if (usage > kink) aboveOptimal += 1;
      const ours = rateOnCurve({ kink, base: data.baseDrawnRate / 10_000, slopeLow: data.rateGrowthBeforeOptimal / 10_000, slopeHigh: data.rateGrowthAfterOptimal / 10_000 }, usage);
      const hub = Number(hubRate) / 1e27;
      expect(Math.abs(ours - hub)).toBeLessThanOrEqual(1e-12 * (1 + hub));
    });
    // Both sides of the kink are reached.
    expect(aboveOptimal).toBeGreaterThan(RUNS / 10);
    expect(aboveOptimal).toBeLessThan(RUNS - RUNS / 10);
  });

  it(`a whole new curve: the supply rate after is what the hub's accounting earns at the rate it then stores (${RUNS} assets and curves)`, async () => {
    const chain = oracle('AaveV4HubOracle');
    if (!chain) return;
    await assertOnStates(
      state,
      RUNS,
      ({ asset, data }) => Promise.all([overAYear(chain, asset), drawnRateUnder(chain, asset, data)]),
      ({ asset, data }, [year, hubRate]) => {
        const change = (parameter: string, to: number, unit: ParameterChange['unit']): ParameterChange => ({ protocol: 'aave', market: 'aave-v4-ethereum-main', asset: 'WETH', parameter, to, unit, evidence: 'UpdateInterestRateData', verified: true });
        const changes = [
          change('optimalUsage', data.optimalUsageRatio, 'bps'),
          change('baseRate', data.baseDrawnRate / 10_000, 'fraction'),
          change('slope1', data.rateGrowthBeforeOptimal / 10_000, 'fraction'),
          change('slope2', data.rateGrowthAfterOptimal / 10_000, 'fraction'),
        ];
        const apr = v4SupplyApr(asset, year.addedNow);
        const inputs: SimulatorInputs = { role: 'supply', apr, aaveV4Rate: { drawnRate: Number(asset.drawnRate) / 1e27, shareOfDrawnRate: v4SupplyShareOfDrawnRate(asset, year.addedNow), usage: v4DrawnUsage(asset) } };
        const ours = v4SupplyRateCalculator.rateAfter!(apr, changes, inputs)!;
        const hub = v4SupplyApr({ ...asset, drawnRate: hubRate }, year.addedNow);
        expect(Math.abs(ours - hub)).toBeLessThanOrEqual(1e-12 * (1 + hub));
      },
    );
  });
});
