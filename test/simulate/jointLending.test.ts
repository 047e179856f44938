import { describe, expect, it } from 'vitest';
import type { LendingAccount } from '../../shared/domain/position.js';
import { simulateProposal, simulateProposalInDetail } from '../support/simulator.js';
import { change, lendingPositions, proposal } from './fixtures.js';

// Two collaterals against $40,000 of debt:
// HF = (30,000 × 0.83 + 20,000 × 0.81) / 40,000 = (24,900 + 16,200) / 40,000 = 1.0275.
const twoCollaterals: LendingAccount = {
  market: 'aave-v3-ethereum',
  healthFactor: 1.0275,
  debtUsd: 40_000,
  collateral: [
    { asset: 'WETH', valueUsd: 30_000, liquidationThreshold: 8300, ltv: 8050 },
    { asset: 'wstETH', valueUsd: 20_000, liquidationThreshold: 8100, ltv: 7850 },
  ],
};

describe('all of a proposal’s changes on one account at once', () => {
  const cuts = [
    change({ asset: 'WETH', parameter: 'liquidationThreshold', from: 8300, to: 8000 }),
    change({ asset: 'wstETH', parameter: 'liquidationThreshold', from: 8100, to: 7800 }),
  ];

  it('grades critical a pair of cuts that together make the account liquidatable, though each alone would not', () => {
    // Joint: (30,000 × 0.80 + 20,000 × 0.78) / 40,000 = (24,000 + 15,600) / 40,000 = 0.99.
    // Alone: WETH (24,000 + 16,200) / 40,000 = 1.005; wstETH (24,900 + 15,600) / 40,000 = 1.0125: high each.
    const impact = simulateProposal(proposal(cuts), lendingPositions(twoCollaterals));
    expect(impact).toMatchObject({ level: 'critical', estimatedChange: 'health factor 1.027 → 0.990', analysisStatus: 'simulated' });
    expect(simulateProposal(proposal([cuts[0]!]), lendingPositions(twoCollaterals))?.level).toBe('high');
    expect(simulateProposal(proposal([cuts[1]!]), lendingPositions(twoCollaterals))?.level).toBe('high');
  });

  it('reports one health factor for the account, not one per change', () => {
    const simulation = simulateProposalInDetail(proposal(cuts), lendingPositions(twoCollaterals))!;
    const moves = simulation.effects.filter((effect) => effect.healthFactor);
    expect(moves).toHaveLength(1);
    expect(moves[0]!.healthFactor!.after).toBeCloseTo(0.99, 12);
    expect(simulation.impact.summary).not.toContain('more change');
  });

  it('prints three decimals whenever either side is under 1.1, so the crossing of 1 shows', () => {
    // (30,000 × 0.8245 + 20,000 × 0.81) / 40,000 = (24,735 + 16,200) / 40,000 = 1.023375 → 1.023
    const impact = simulateProposal(proposal([change({ asset: 'WETH', parameter: 'liquidationThreshold', to: 8245 })]), lendingPositions(twoCollaterals));
    expect(impact?.estimatedChange).toBe('health factor 1.027 → 1.023');
  });
});

// In eMode 1 (LT 93 %, LTV 90 %): $50,000 of wstETH in the category, $45,000 of WETH debt.
// HF = 50,000 × 0.93 / 45,000 = 1.03333…
const inEMode: LendingAccount = {
  market: 'aave-v3-ethereum',
  healthFactor: 50_000 * 0.93 / 45_000,
  debtUsd: 45_000,
  eMode: { id: 1, label: 'ETH correlated', ltv: 9000, liquidationThreshold: 9300 },
  collateral: [{ asset: 'wstETH', valueUsd: 50_000, liquidationThreshold: 8100, ltv: 7850, inEMode: true }],
};

describe('eMode', () => {
  it('moves nothing when the reserve’s own LT changes for a collateral the eMode category governs', () => {
    const impact = simulateProposal(proposal([change({ asset: 'wstETH', parameter: 'liquidationThreshold', from: 8100, to: 7800 })]), lendingPositions(inEMode, 'WETH'));
    expect(impact).toMatchObject({ level: 'none', analysisStatus: 'simulated' });
    expect(impact?.estimatedChange).toBeUndefined();
  });

  it('moves the health factor with the category’s LT: 93 % → 89.5 % takes 1.033 to 0.994', () => {
    // 50,000 × 0.895 / 45,000 = 0.99444…
    const impact = simulateProposal(proposal([change({ parameter: 'eModeLiquidationThreshold', eModeCategory: 1, from: 9300, to: 8950 })]), lendingPositions(inEMode, 'WETH'));
    expect(impact).toMatchObject({ level: 'critical', estimatedChange: 'health factor 1.033 → 0.994' });
  });

  it('leaves an account in another category alone', () => {
    const impact = simulateProposal(proposal([change({ parameter: 'eModeLiquidationThreshold', eModeCategory: 2, to: 8000 })]), lendingPositions(inEMode, 'WETH'));
    expect(impact).toBeNull();
  });

  it('falls back to the reserve’s LT when the asset leaves the category: 50,000 × 0.81 / 45,000 = 0.9', () => {
    const impact = simulateProposal(proposal([change({ asset: 'wstETH', parameter: 'eModeCollateral', eModeCategory: 1, to: 'disabled', unit: 'state' })]), lendingPositions(inEMode, 'WETH'));
    expect(impact).toMatchObject({ level: 'critical', estimatedChange: 'health factor 1.033 → 0.900' });
  });
});

describe('checked against the chain', () => {
  it('grades none a change the chain already shows, and says it is in effect', () => {
    const impact = simulateProposal(proposal([change({ asset: 'WETH', parameter: 'liquidationThreshold', from: 8500, to: 8300 })]), lendingPositions(twoCollaterals));
    expect(impact).toMatchObject({ level: 'none', analysisStatus: 'simulated' });
    expect(impact?.summary).toContain('in effect');
    expect(impact?.estimatedChange).toBeUndefined();
  });

  it('does not simulate a change whose stated old value is not the chain’s', () => {
    const simulation = simulateProposalInDetail(proposal([change({ asset: 'WETH', parameter: 'liquidationThreshold', from: 8500, to: 6000 })]), lendingPositions(twoCollaterals))!;
    expect(simulation.changes[0]).toMatchObject({ verdict: 'contradicts_chain', chainValue: 8300 });
    expect(simulation.impact).toMatchObject({ level: 'low', analysisStatus: 'awaiting_analysis' });
    expect(simulation.impact.summary).toContain('chain shows 83\u00a0%');
    expect(simulation.impact.estimatedChange).toBeUndefined();
  });

  it('simulates a text change whose stated current value matches the chain (corroborated)', () => {
    const simulation = simulateProposalInDetail(proposal([change({ asset: 'WETH', parameter: 'liquidationThreshold', from: 8300, to: 8000, verified: false })]), lendingPositions(twoCollaterals))!;
    expect(simulation.changes[0]!.verdict).toBe('corroborated');
    // (24,000 + 16,200) / 40,000 = 1.005
    expect(simulation.impact).toMatchObject({ analysisStatus: 'simulated', estimatedChange: 'health factor 1.027 → 1.005', level: 'high' });
  });

  it('starts a verified change without an old value from the chain’s', () => {
    const simulation = simulateProposalInDetail(proposal([change({ asset: 'WETH', parameter: 'liquidationThreshold', to: 8000 })]), lendingPositions(twoCollaterals))!;
    expect(simulation.changes[0]).toMatchObject({ verdict: 'matches_chain', chainValue: 8300 });
  });
});

describe('borrowing power', () => {
  it('is stated in words, never as money, and a cut that leaves the debt covered is low', () => {
    // WETH LTV 80.5 % → 75.5 % on $30,000: 30,000 × 0.05 = $1,500 less.
    // Power after: 30,000 × 0.755 + 20,000 × 0.785 = 22,650 + 15,700 = 38,350 < debt 40,000: medium.
    const impact = simulateProposal(proposal([change({ asset: 'WETH', parameter: 'ltv', from: 8050, to: 7550 })]), lendingPositions({ ...twoCollaterals, debtUsd: 30_000, healthFactor: 41_100 / 30_000 }));
    expect(impact?.summary).toContain('You could borrow about $1,500 less against WETH');
    expect(impact).toMatchObject({ level: 'low', analysisStatus: 'simulated' });
    expect(impact?.estimatedImpactUsd).toBeUndefined();
  });

  it('is medium when the debt would exceed what the collateral may back', () => {
    // Power after 38,350 (above) < debt 40,000.
    const impact = simulateProposal(proposal([change({ asset: 'WETH', parameter: 'ltv', to: 7550 })]), lendingPositions(twoCollaterals));
    expect(impact?.level).toBe('medium');
    expect(impact?.summary).toContain('would exceed it');
  });

  it('is stated for an account without debt, whose health factor does not exist', () => {
    const noDebt: LendingAccount = { ...twoCollaterals, debtUsd: 0, healthFactor: undefined };
    const impact = simulateProposal(proposal([change({ asset: 'wstETH', parameter: 'ltv', to: 7350 })]), lendingPositions(noDebt));
    // 20,000 × (0.7850 − 0.7350) = $1,000 less
    expect(impact).toMatchObject({ level: 'low', analysisStatus: 'simulated' });
    expect(impact?.summary).toContain('about $1,000 less against wstETH');
  });
});
