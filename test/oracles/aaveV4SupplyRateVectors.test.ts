import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oracle } from './support/oracleChain.js';
import type { ParameterChange } from '../../shared/domain/parameterChange.js';
import { v4DrawnUsage, v4SupplyApr, v4SupplyShareOfDrawnRate } from '../../shared/modules/aave/v4/supplyRate.js';
import { v4SupplyRateCalculator } from '../../shared/modules/aave/v4/supplyRateCalculator.js';
import { rateOnCurve } from '../../shared/simulate/rateAfter.js';
import {
  afterFeeState,
  checkSupplyApr,
  checkSupplyAprAfterFee,
  drawnRateUnder,
  feeAfter,
  type HubAssetState,
  hubAsset,
  overAYear,
  type RateData,
  rateData,
  type YearAnswer,
} from './support/v4HubStates.js';

/*
 * So that a run without the aave-v4 sources (CI: they are in no npm package) still proves the v4
 * supply rate and rate curve on Aave's code: test/fixtures/oracles/aave-v4-supply-vectors.json holds
 * 300 SYNTHETIC hub assets and curves (fixed seed) with what aave-v4 v0.5.11 answered for each
 * (AaveV4HubOracle.overAYear: AssetLogic's added assets and a holder's value now and a year on;
 * drawnRateUnder: the drawn rate AssetLogic.updateDrawnRate stores under the curve, through
 * AssetInterestRateStrategy; fee: a new liquidity fee, from a second fixed seed so the assets and
 * curves stay as they were, with overAYear on the asset just accrued at that fee, as
 * Hub.updateAssetConfig leaves it). Every run checks ours against those answers as aaveV4SupplyRate,
 * aaveV4RateCurve and aaveV4LiquidityFee do; where the sources are extracted, it also recomputes
 * every vector and fails on a stale one. GOVEX_WRITE_ORACLE_VECTORS=1 rewrites the file.
 */
const FILE = new URL('../fixtures/oracles/aave-v4-supply-vectors.json', import.meta.url);
const SEED = 22_0411;
const FEE_SEED = 22_0412;
const COUNT = 300;

interface Vector {
  state: HubAssetState;
  answer: YearAnswer;
  curve: RateData;
  /** The drawn rate the hub stores under `curve`, RAY a year. */
  drawnRate: bigint;
  /** A liquidity fee moved to `to` (bps), and the hub's answer just after (afterFeeState). */
  fee: { to: number; answer: YearAnswer };
}

const ask = async (chain: NonNullable<ReturnType<typeof oracle>>, state: HubAssetState, curve: RateData, fee: number) => ({
  answer: await overAYear(chain, state),
  drawnRate: await drawnRateUnder(chain, state, curve),
  fee: { to: fee, answer: await overAYear(chain, afterFeeState(state, fee)) },
});

const big = (_: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value);
const unbig = (_: string, value: unknown) => (typeof value === 'string' && /^-?\d+n$/.test(value) ? BigInt(value.slice(0, -1)) : value);
const readVectors = (): Vector[] => (JSON.parse(readFileSync(FILE, 'utf8'), unbig) as { vectors: Vector[] }).vectors;

describe.skipIf(process.env.GOVEX_WRITE_ORACLE_VECTORS)('Aave v4 supply rate against the committed AssetLogic answers', () => {
  const vectors = existsSync(FILE) ? readVectors() : [];

  it(`holds ${COUNT} hub assets, most of them earning`, () => {
    expect(vectors).toHaveLength(COUNT);
    expect(vectors.filter(({ answer }) => answer.addedLater > answer.addedNow).length).toBeGreaterThan(COUNT / 2);
  });

  it('our supply rate is what the hub’s added assets and a holder’s shares gain over a year, on every asset', () => {
    for (const { state, answer } of vectors) checkSupplyApr(state, answer);
  });

  it('our curve gives the drawn rate the hub stores, and the supply rate after a whole new curve is the hub’s at it, on every asset', () => {
    const change = (parameter: string, to: number, unit: ParameterChange['unit']): ParameterChange => ({ protocol: 'aave', market: 'aave-v4-ethereum-main', parameter, to, unit, evidence: 'UpdateInterestRateData', verified: true });
    for (const { state, answer, curve, drawnRate } of vectors) {
      const hubRate = Number(drawnRate) / 1e27;
      const ours = rateOnCurve({ kink: curve.optimalUsageRatio / 10_000, base: curve.baseDrawnRate / 10_000, slopeLow: curve.rateGrowthBeforeOptimal / 10_000, slopeHigh: curve.rateGrowthAfterOptimal / 10_000 }, v4DrawnUsage(state));
      expect(Math.abs(ours - hubRate)).toBeLessThanOrEqual(1e-12 * (1 + hubRate));
      const apr = v4SupplyApr(state, answer.addedNow);
      const changes = [change('optimalUsage', curve.optimalUsageRatio, 'bps'), change('baseRate', curve.baseDrawnRate / 10_000, 'fraction'), change('slope1', curve.rateGrowthBeforeOptimal / 10_000, 'fraction'), change('slope2', curve.rateGrowthAfterOptimal / 10_000, 'fraction')];
      const after = v4SupplyRateCalculator.rateAfter!(apr, changes, { role: 'supply', apr, aaveV4Rate: { drawnRate: Number(state.drawnRate) / 1e27, shareOfDrawnRate: v4SupplyShareOfDrawnRate(state, answer.addedNow), usage: v4DrawnUsage(state) } })!;
      const hubAfter = v4SupplyApr({ ...state, drawnRate }, answer.addedNow);
      expect(Math.abs(after - hubAfter)).toBeLessThanOrEqual(1e-12 * (1 + hubAfter));
    }
  });

  it('the supply rate after a liquidity fee change is the hub’s at the new fee, on every asset (the fee moves in all 300)', () => {
    expect(vectors.filter(({ state, fee }) => fee.to !== state.liquidityFee).length).toBeGreaterThan(COUNT * 0.9);
    for (const { state, fee } of vectors) checkSupplyAprAfterFee(state, fee.to, fee.answer);
  });

  it('each vector is what aave-v4 v0.5.11 answers now (where its sources are extracted)', async () => {
    const chain = oracle('AaveV4HubOracle');
    if (!chain) return;
    const fresh = await Promise.all(vectors.map(({ state, curve, fee }) => ask(chain, state, curve, fee.to)));
    expect(fresh).toEqual(vectors.map(({ answer, drawnRate, fee }) => ({ answer, drawnRate, fee })));
  });
});

describe.runIf(process.env.GOVEX_WRITE_ORACLE_VECTORS)('rewriting the Aave v4 supply vectors', () => {
  it('writes test/fixtures/oracles/aave-v4-supply-vectors.json', async () => {
    const chain = oracle('AaveV4HubOracle');
    if (!chain) throw new Error('the aave-v4 sources are not extracted: see test/oracles/README.md');
    const states = fc.sample(fc.record({ state: hubAsset, curve: rateData }), { numRuns: COUNT, seed: SEED });
    const fees = fc.sample(feeAfter, { numRuns: COUNT, seed: FEE_SEED });
    const vectors = await Promise.all(states.map(async ({ state, curve }, index) => ({ state, curve, ...(await ask(chain, state, curve, fees[index]!)) })));
    const source =
      'SYNTHETIC hub assets, rate curves and new liquidity fees (test/oracles/support/v4HubStates.ts, fast-check seeds 220411 and 220412) with what aave-v4 v0.5.11 (cdacec5) AssetLogic and AssetInterestRateStrategy answered (test/oracles/solidity/AaveV4HubOracle.sol overAYear, drawnRateUnder; overAYear again on the asset just accrued at the new fee)';
    writeFileSync(FILE, `${JSON.stringify({ source, vectors }, big, 1)}\n`);
  });
});
