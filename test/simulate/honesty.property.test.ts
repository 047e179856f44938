import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../shared/domain/parameterChange.js';
import type { ExposurePosition, LendingAccount } from '../../shared/domain/position.js';
import { simulateProposalInDetail } from '../support/simulator.js';
import { change, exposure, lendingPositions, proposal } from './fixtures.js';

const ASSETS = ['WETH', 'wstETH', 'USDC'] as const;
const bps = fc.integer({ min: 0, max: 9500 });
/** Mostly verified, as decoded changes are; a text change now and then. */
const verified = fc.constantFrom(true, true, true, false);

const account: fc.Arbitrary<LendingAccount> = fc
  .record({
    weth: fc.integer({ min: 1, max: 200_000 }),
    wsteth: fc.integer({ min: 0, max: 200_000 }),
    lts: fc.tuple(bps, bps),
    ltvs: fc.tuple(bps, bps),
    debt: fc.integer({ min: 0, max: 300_000 }),
    eMode: fc.boolean(),
  })
  .map(({ weth, wsteth, lts, ltvs, debt, eMode }) => {
    const collateral = [
      { asset: 'WETH', valueUsd: weth, liquidationThreshold: lts[0], ltv: Math.min(ltvs[0], lts[0]) },
      { asset: 'wstETH', valueUsd: wsteth, liquidationThreshold: lts[1], ltv: Math.min(ltvs[1], lts[1]), ...(eMode && { inEMode: true }) },
    ];
    const weighted = (weth * lts[0] + wsteth * (eMode ? 9300 : lts[1])) / 10_000;
    return {
      market: 'aave-v3-ethereum',
      debtUsd: debt,
      ...(debt > 0 && { healthFactor: weighted / debt }),
      ...(eMode && { eMode: { id: 1, ltv: 9000, liquidationThreshold: 9300 } }),
      collateral,
    };
  });

const anyChange: fc.Arbitrary<ParameterChange> = fc.oneof(
  { depthSize: 'small' },
  { weight: 4, arbitrary: fc.record({ asset: fc.constantFrom(...ASSETS), parameter: fc.constantFrom('liquidationThreshold' as const, 'ltv' as const), to: bps, from: fc.option(bps, { nil: undefined }), verified }).map((fields) => change(fields)) },
  { weight: 4, arbitrary: fc.record({ to: bps, from: fc.option(bps, { nil: undefined }), verified }).map((fields) => change({ ...fields, parameter: 'eModeLiquidationThreshold', eModeCategory: 1 })) },
  { weight: 4, arbitrary: fc.record({ asset: fc.constantFrom(...ASSETS), to: fc.double({ min: 0, max: 0.5, noNaN: true }), verified }).map((fields) => change({ ...fields, parameter: 'slope1', unit: 'fraction' })) },
  { weight: 4, arbitrary: fc.record({ asset: fc.constantFrom(...ASSETS), to: bps, verified }).map((fields) => change({ ...fields, parameter: 'reserveFactor' })) },
  { weight: 4, arbitrary: fc.record({ asset: fc.constantFrom(...ASSETS), to: fc.constantFrom('frozen', 'listed'), verified }).map((fields) => change({ ...fields, parameter: 'listing', unit: 'state' })) },
  { weight: 1, arbitrary: fc.record({ asset: fc.constantFrom(...ASSETS), to: fc.constant('0x0000000000000000000000000000000000000001'), verified: fc.constant(true) }).map((fields) => change({ ...fields, parameter: 'priceFeed', unit: 'state' })) },
  // A value its unit cannot take, as a faulty source could decode it: never simulated.
  { weight: 1, arbitrary: fc.record({ asset: fc.constantFrom(...ASSETS), to: fc.oneof(fc.integer({ min: -20_000, max: -1 }), fc.integer({ min: 10_001, max: 1_000_000 }), fc.constant('8000'), fc.constant(Number.NaN)), verified: fc.constant(true) }).map((fields) => change({ ...fields, parameter: 'liquidationThreshold' })) },
);

const wallet: fc.Arbitrary<ExposurePosition[]> = account.map((lending) => [
  ...lendingPositions(lending),
  exposure('aave', 'USDC', 5_000, { market: 'aave-v3-ethereum', role: 'supply', apr: 0.03, reserveFactor: 1000 }),
]);
const status = fc.constantFrom('active', 'pending', 'passed', 'executed', 'closed', 'canceled' as const);

describe('honesty of the simulated impact', () => {
  it('never carries a figure under awaiting_analysis', () => {
    fc.assert(
      fc.property(fc.array(anyChange, { minLength: 1, maxLength: 3 }), wallet, status, (changes, positions, state) => {
        const impact = simulateProposalInDetail(proposal(changes, { status: state }), positions)?.impact;
        if (impact?.analysisStatus !== 'awaiting_analysis') return;
        expect(impact.estimatedChange).toBeUndefined();
        expect(impact.estimatedImpactUsd).toBeUndefined();
        // Nor in its words: no dollar amount, no health factor figure.
        expect(impact.summary).not.toMatch(/\$\d/);
        expect(impact.summary).not.toMatch(/health factor[^.]*\d/i);
      }),
      { numRuns: 400 },
    );
  });

  it('is simulated only when every change reaching the wallet is verified, corroborated or in effect', () => {
    fc.assert(
      fc.property(fc.array(anyChange, { minLength: 1, maxLength: 3 }), wallet, (changes, positions) => {
        const simulation = simulateProposalInDetail(proposal(changes), positions);
        if (simulation?.impact.analysisStatus !== 'simulated' || simulation.changes.length === 0) return;
        for (const checked of simulation.changes) {
          expect(['matches_chain', 'corroborated', 'in_effect', 'not_checked']).toContain(checked.verdict);
          if (checked.verdict === 'not_checked') expect(checked.change.verified).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('gives a failed or canceled proposal no figure and level none', () => {
    fc.assert(
      fc.property(fc.array(anyChange, { minLength: 1, maxLength: 3 }), wallet, fc.constantFrom('closed', 'canceled'), (changes, positions, state) => {
        const impact = simulateProposalInDetail(proposal(changes, { status: state }), positions)?.impact;
        if (!impact) return;
        expect(impact.level).toBe('none');
        expect(impact.estimatedChange).toBeUndefined();
        expect(impact.estimatedImpactUsd).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it('never counts borrowing power as money', () => {
    fc.assert(
      fc.property(fc.array(anyChange.filter((entry) => entry.parameter === 'ltv'), { minLength: 1, maxLength: 3 }), wallet, (changes, positions) => {
        expect(simulateProposalInDetail(proposal(changes), positions)?.impact.estimatedImpactUsd).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it('grades an improvement of the health factor at most low', () => {
    fc.assert(
      fc.property(account.filter((lending) => lending.healthFactor !== undefined), fc.constantFrom(...ASSETS), fc.integer({ min: 1, max: 500 }), (lending, asset, rise) => {
        const held = lending.collateral.find((entry) => entry.asset === asset);
        if (!held) return;
        const raise = change({ asset, parameter: 'liquidationThreshold', to: Math.min(held.liquidationThreshold + rise, 10_000) });
        const impact = simulateProposalInDetail(proposal([raise]), lendingPositions(lending))?.impact;
        if (impact) expect(['low', 'none']).toContain(impact.level);
      }),
      { numRuns: 300 },
    );
  });
});
