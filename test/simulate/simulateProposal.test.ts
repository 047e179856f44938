import { describe, expect, it } from 'vitest';
import type { ExposurePosition, LendingAccount } from '../../shared/domain/position.js';
import { jointHealthFactor } from '../../shared/simulate/lendingEffects.js';
import { simulateProposal } from '../support/simulator.js';
import { touches } from '../support/simulator.js';
import { change, proposal } from './fixtures.js';

// positions.md §1.3's worked example: 10 WETH at $3,000 (LT 83 %) against $20,000 of debt.
const account: LendingAccount = {
  market: 'aave-v3-ethereum',
  healthFactor: 1.245,
  debtUsd: 20_000,
  collateral: [{ asset: 'WETH', valueUsd: 30_000, liquidationThreshold: 8300 }],
};
const supply: ExposurePosition = {
  position: { id: 'p1', protocol: 'aave', asset: 'WETH', amount: '10', user_address: '0x1', valueUsd: 30_000 },
  inputs: { market: 'aave-v3-ethereum', role: 'supply', valueUsd: 30_000, apr: 0.02, reserveFactor: 1500, account },
};
const borrow: ExposurePosition = {
  position: { id: 'p2', protocol: 'aave', asset: 'USDC', amount: '20000', user_address: '0x1', valueUsd: 20_000 },
  inputs: { market: 'aave-v3-ethereum', role: 'borrow', valueUsd: 20_000, apr: 0.05, account },
};
const stake: ExposurePosition = {
  position: { id: 'p3', protocol: 'lido', asset: 'stETH', amount: '10', user_address: '0x1', valueUsd: 30_000 },
  inputs: { role: 'stake', valueUsd: 30_000, apr: 0.027, rewardFee: 0.1 },
};


describe('health factor after a liquidation threshold change', () => {
  it('matches the worked example: LT 83 % → 80 % takes HF 1.245 to 1.20', () => {
    expect(jointHealthFactor(account, [change({ asset: 'WETH', parameter: 'liquidationThreshold', to: 8000 })])).toBeCloseTo(1.2, 10);
  });

  it('leaves an account without debt alone', () => {
    expect(jointHealthFactor({ ...account, debtUsd: 0, healthFactor: undefined }, [change({ asset: 'WETH', parameter: 'liquidationThreshold', to: 0 })])).toBeUndefined();
  });

  it('reports a fall below 1 as critical', () => {
    const impact = simulateProposal(proposal([change({ asset: 'WETH', parameter: 'liquidationThreshold', from: 8300, to: 6000 })]), [supply, borrow]);
    expect(impact).toMatchObject({ level: 'critical', estimatedChange: 'health factor 1.245 → 0.900', analysisStatus: 'simulated', affectedAssets: ['WETH'] });
  });

  it('computes the account once, however many of its positions are touched', () => {
    const impact = simulateProposal(proposal([change({ asset: 'WETH', parameter: 'liquidationThreshold', from: 8300, to: 8000 })]), [supply, borrow]);
    expect(impact?.summary).not.toContain('more change');
    expect(impact?.level).toBe('low');
  });
});

describe('yearly money', () => {
  it('costs a borrower more when the borrow rate rises', () => {
    const impact = simulateProposal(proposal([change({ asset: 'USDC', parameter: 'borrowApr', from: 0.05, to: 0.065, unit: 'fraction' })]), [supply, borrow]);
    expect(impact).toMatchObject({ level: 'medium', estimatedImpactUsd: -300 });
    expect(impact?.summary).toBe('Your USDC position costs about $300 more a year.');
  });

  it('moves only the supply side with a reserve factor', () => {
    const onSupply = simulateProposal(proposal([change({ asset: 'WETH', parameter: 'reserveFactor', from: 1500, to: 2500 })]), [supply]);
    // supply APR 2 % × (1 − 0.25) / (1 − 0.15) = 1.7647 %: 30,000 × −0.2353 % = −$70.59 a year.
    expect(onSupply?.estimatedImpactUsd).toBeCloseTo(-70.59, 2);
    const onBorrow = simulateProposal(proposal([change({ asset: 'USDC', parameter: 'reserveFactor', from: 1000, to: 2000 })]), [borrow]);
    expect(onBorrow).toMatchObject({ level: 'none', analysisStatus: 'simulated' });
    expect(onBorrow?.estimatedImpactUsd).toBeUndefined();
  });

  it('takes a staking fee from gross rewards', () => {
    const impact = simulateProposal(
      proposal([change({ protocol: 'lido', market: undefined, asset: 'stETH', parameter: 'rewardFee', from: 0.1, to: 0.2, unit: 'fraction' })], { protocol: 'lido' }),
      [stake],
    );
    // gross 3 %: 30,000 × 3 % × −10 % = −$90 a year.
    expect(impact?.estimatedImpactUsd).toBeCloseTo(-90, 6);
    expect(impact?.level).toBe('low');
  });
});

describe('matching', () => {
  it('returns null for a proposal of a protocol the wallet does not use', () => {
    expect(simulateProposal(proposal([], { protocol: 'compound' }), [supply])).toBeNull();
  });

  it('returns null when no change reaches a held asset or market', () => {
    expect(simulateProposal(proposal([change({ asset: 'WBTC', parameter: 'borrowApr', to: 0.1, unit: 'fraction' })]), [supply, borrow])).toBeNull();
    expect(simulateProposal(proposal([change({ market: 'aave-v3-lido', asset: 'WETH', parameter: 'supplyApr', to: 0.1, unit: 'fraction' })]), [supply])).toBeNull();
  });

  it('marks a proposal without machine-readable changes as awaiting analysis', () => {
    expect(simulateProposal(proposal([]), [supply])).toMatchObject({ level: 'none', analysisStatus: 'awaiting_analysis' });
  });

  it('never simulates a change read only from the text that states no current value', () => {
    const impact = simulateProposal(proposal([change({ asset: 'WETH', parameter: 'liquidationThreshold', to: 1000, verified: false })]), [supply, borrow]);
    expect(impact).toMatchObject({ level: 'low', analysisStatus: 'awaiting_analysis' });
    expect(impact?.estimatedChange).toBeUndefined();
  });

  it('gives a failed or withdrawn proposal level none, saying what it would have done', () => {
    const impact = simulateProposal(proposal([change({ asset: 'WETH', parameter: 'liquidationThreshold', from: 8300, to: 6000 })], { status: 'closed' }), [supply, borrow]);
    expect(impact?.level).toBe('none');
    expect(impact?.summary).toMatch(/^Did not pass/);
  });

  it('reports a listing change on a held asset as a shape change of high level', () => {
    const impact = simulateProposal(proposal([change({ asset: 'WETH', parameter: 'listing', from: 'listed', to: 'frozen', unit: 'state' })]), [supply]);
    expect(impact).toMatchObject({ level: 'high', estimatedChange: 'listed → frozen' });
  });
});

describe('simulateProposal without a USD price', () => {
  const delegation: ExposurePosition = {
    position: { id: 'cosmoshub-delegation', protocol: 'cosmoshub', asset: 'ATOM', amount: '1000', user_address: 'cosmos1x' },
    inputs: { role: 'delegation', apr: 0.18, rewardFee: 0.1 },
  };
  const xrp: ExposurePosition = {
    position: { id: 'xrpl-xrp', protocol: 'xrpl', asset: 'XRP', amount: '500', user_address: 'r1' },
    inputs: { role: 'balance', ledgerReserve: { ownerCount: 18, baseDrops: 10_000_000, incrementDrops: 2_000_000 } },
  };

  it('states a rate change in the asset’s units, graded low, with no USD figure', () => {
    const impact = simulateProposal(
      proposal([change({ protocol: 'cosmoshub', market: undefined, parameter: 'communityTax', from: 0.1, to: 0.2, unit: 'fraction' })], { protocol: 'cosmoshub' }),
      [delegation],
    );
    // gross 0.18 / 0.9 = 0.2; after: 0.2 × 0.8 = 0.16; 1000 ATOM × 0.02 = 20 ATOM a year less.
    expect(impact).toMatchObject({ level: 'low', analysisStatus: 'simulated' });
    expect(impact!.estimatedChange).toContain('20\u00a0ATOM a year less');
    expect(impact!.estimatedImpactUsd).toBeUndefined();
  });

  it('counts the XRP a reserve cut frees, with no USD figure', () => {
    const impact = simulateProposal(
      proposal([change({ protocol: 'xrpl', market: undefined, parameter: 'reserveIncrement', from: 2_000_000, to: 200_000, unit: 'drops' })], { protocol: 'xrpl' }),
      [xrp],
    );
    // 18 objects × 1.8 XRP = 32.4 XRP freed: reserve 46 → 13.6 XRP.
    expect(impact!.estimatedChange).toBe('reserve 46 → 13.6\u00a0XRP');
    expect(impact).toMatchObject({ level: 'low' });
    expect(impact!.estimatedImpactUsd).toBeUndefined();
  });

  it('tells a change already in effect as what it did, graded none and without a USD impact', () => {
    // The live case: the executed Dec-2024 fee change reaches a wallet whose reserve already uses it.
    const current: ExposurePosition = { ...xrp, inputs: { role: 'balance', ledgerReserve: { ownerCount: 18, baseDrops: 10_000_000, incrementDrops: 200_000, priceUsd: 0.5 } } };
    const impact = simulateProposal(
      proposal([change({ protocol: 'xrpl', market: undefined, parameter: 'reserveIncrement', from: 2_000_000, to: 200_000, unit: 'drops' })], { protocol: 'xrpl' }),
      [current],
    );
    // 10 + 18 × 2 = 46 XRP under the old increment; 10 + 18 × 0.2 = 13.6 XRP now.
    expect(impact).toMatchObject({ level: 'none', summary: 'This change freed 32.4\u00a0XRP of your reserve; it is in effect.', details: 'What it did: reserve 46 → 13.6\u00a0XRP (about $16).' });
    // In effect: nothing more will move, so no figure of a change to come.
    expect(impact!.estimatedChange).toBeUndefined();
    expect(impact!.estimatedImpactUsd).toBeUndefined();
  });

  it('prices a pending reserve cut with XRP’s USD price', () => {
    const priced: ExposurePosition = { ...xrp, inputs: { role: 'balance', ledgerReserve: { ...xrp.inputs.ledgerReserve!, priceUsd: 0.5 } } };
    const impact = simulateProposal(
      proposal([change({ protocol: 'xrpl', market: undefined, parameter: 'reserveIncrement', from: 2_000_000, to: 200_000, unit: 'drops' })], { protocol: 'xrpl' }),
      [priced],
    );
    expect(impact).toMatchObject({ summary: '32.4\u00a0XRP of your reserve would be freed.', estimatedChange: 'reserve 46 → 13.6\u00a0XRP (about $16)', estimatedImpactUsd: 16.2 });
  });

  it('applies a proposal’s reserve changes together, as the ledger does at one flag ledger', () => {
    const impact = simulateProposal(
      proposal(
        [
          change({ protocol: 'xrpl', market: undefined, parameter: 'reserveBase', from: 10_000_000, to: 1_000_000, unit: 'drops' }),
          change({ protocol: 'xrpl', market: undefined, parameter: 'reserveIncrement', from: 2_000_000, to: 200_000, unit: 'drops' }),
        ],
        { protocol: 'xrpl' },
      ),
      [xrp],
    );
    // 10 + 18 × 2 = 46 XRP before; 1 + 18 × 0.2 = 4.6 XRP after: 41.4 XRP freed, as one change.
    expect(impact).toMatchObject({ estimatedChange: 'reserve 46 → 4.6\u00a0XRP', summary: '41.4\u00a0XRP of your reserve would be freed.' });
  });
});


describe('touches, for changes of shape', () => {
  it('reaches no position with a listing that names neither an asset nor a market', () => {
    const vague = change({ market: undefined, parameter: 'listing', to: 'listed', unit: 'state', verified: false });
    expect(touches(vague, supply)).toBe(false);
  });

  it('reaches the positions of the market a listing names', () => {
    const deprecation = change({ parameter: 'listing', to: 'deprecated', unit: 'state' });
    expect(touches(deprecation, supply)).toBe(true);
    expect(touches({ ...deprecation, market: 'aave-v2-ethereum' }, supply)).toBe(false);
  });
});
