import { describe, expect, it } from 'vitest';
import { DEMO_WALLETS } from '../../shared/demo/wallets.js';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { accountPrices } from '../../shared/scan/accountPrices.js';
import { deadlineOf, needsAttention } from '../../shared/scan/needsAttention.js';
import type { ScannedProposal } from '../../shared/scan/scanResult.js';
import { scanWallet } from '../../shared/scan/scanWallet.js';
import { testServices } from '../support/services.js';
import { change, proposal } from '../simulate/fixtures.js';

const NOW = new Date('2026-11-25T12:00:00Z');

describe('what the demo evm wallet’s strip says (the demo scan, on a fixed clock)', () => {
  it('lists its one critical proposal with its vote’s end, the repay and add amounts and the WETH price that liquidates it, and both open Aave proposals together', async () => {
    const scan = await scanWallet(DEMO_WALLETS[0]!, undefined, testServices({ now: () => NOW }));
    const attention = needsAttention(scan.matched, accountPrices(scan.snapshot.positions));
    expect(attention.items.map((item) => [item.proposal.id, item.impact!.level])).toEqual([['aave-demo-1', 'critical']]);
    const [item] = attention.items;
    // Pending: the vote ends at the demo clock's +5 days 21 hours.
    expect(item!.deadline).toEqual({ kind: 'vote_ends', at: '2026-12-01T09:00:00.000Z' });
    // Hand-worked in test/simulate/safetyActions.test.ts: R = 4,558.55, Y = 6,041.45 of WETH, WETH price at HF 1.0 = $3,321.33 (12 WETH read at $37,800).
    expect(item!.actions).toHaveLength(1);
    expect(item!.actions[0]).toMatchObject({ market: 'aave-v3-ethereum', repayUsd: expect.closeTo(4_558.55, 1), addCollateral: { asset: 'WETH' }, liquidation: { asset: 'WETH', currentPrice: 3_150, price: expect.closeTo(3_321.33, 1) } });
    // aave-demo-1 (USDC LT → 0) and aave-demo-2 (WETH LT → 78 %) together: 0.8912818; the Spark account has one open proposal only.
    expect(attention.combined.map((entry) => [entry.protocol, entry.proposals.sort(), entry.healthFactorAfter])).toEqual([['aave', ['aave-demo-1', 'aave-demo-2'], expect.closeTo(0.891282, 6)]]);
  });
});

const scanned = (fields: Partial<FeedProposal>, impact: ScannedProposal['impact']): ScannedProposal => ({ proposal: proposal([], fields), ...(impact && { impact }) });

describe('the strip’s choices', () => {
  it('keeps critical and high proposals only, in the order given', () => {
    const items = ['medium', 'critical', 'low', 'high', 'none'].map((level, index) => scanned({ id: `p${index}` }, { level: level as 'none', summary: 's' }));
    expect(needsAttention(items).items.map((item) => item.proposal.id)).toEqual(['p1', 'p3']);
  });

  it.each([
    [{ status: 'active', timeline: { end: '2026-12-01T00:00:00Z' } }, { kind: 'vote_ends', at: '2026-12-01T00:00:00Z' }],
    [{ status: 'pending', timeline: { start: '2026-11-28T00:00:00Z', end: '2026-12-01T00:00:00Z' } }, { kind: 'vote_ends', at: '2026-12-01T00:00:00Z' }],
    [{ status: 'passed', timeline: { end: '2026-11-20T00:00:00Z' }, effectiveDate: '2026-11-26T06:00:00Z' }, { kind: 'executes', at: '2026-11-26T06:00:00Z' }],
    [{ status: 'passed', timeline: { end: '2026-11-29T16:00:00Z' } }, { kind: 'window_ends', at: '2026-11-29T16:00:00Z' }],
    [{ status: 'active', timeline: {} }, undefined],
    [{ status: 'executed', timeline: { end: '2026-11-20T00:00:00Z' }, effectiveDate: '2026-11-21T00:00:00Z' }, undefined],
  ] as const)('acts against the right date for %j', (fields, deadline) => {
    expect(deadlineOf(proposal([], fields as Partial<FeedProposal>))).toEqual(deadline);
  });

  it('gives no amounts for a proposal awaiting analysis, and leaves it out of the combined figure', () => {
    const account = { market: 'aave-v3-ethereum', healthFactor: 1.2, debtUsd: 1_000, collateral: [{ asset: 'WETH', valueUsd: 1_500, liquidationThreshold: 8000 }] };
    const moves = (id: string, analysisStatus: 'simulated' | 'awaiting_analysis'): ScannedProposal => ({
      ...scanned({ id }, { level: 'critical', summary: 's', analysisStatus }),
      accounts: [{ account, changes: [change({ asset: 'WETH', parameter: 'liquidationThreshold', to: 6000 })] }],
    });
    const attention = needsAttention([moves('a', 'awaiting_analysis'), moves('b', 'awaiting_analysis'), moves('c', 'simulated')]);
    expect(attention.items.map((item) => item.actions.length)).toEqual([0, 0, 1]);
    expect(attention.combined).toEqual([]);
  });

  it('counts only open proposals in the combined figure: not closed, canceled or executed ones', () => {
    const account = { market: 'm', healthFactor: 1.2, debtUsd: 1_000, collateral: [{ asset: 'WETH', valueUsd: 1_500, liquidationThreshold: 8000 }] };
    const moving = (id: string, status: FeedProposal['status']): ScannedProposal => ({
      ...scanned({ id, status }, { level: 'medium', summary: 's', analysisStatus: 'simulated' }),
      accounts: [{ account, changes: [change({ market: 'm', asset: 'WETH', parameter: 'liquidationThreshold', to: 7000 })] }],
    });
    expect(needsAttention([moving('a', 'active'), moving('b', 'closed'), moving('c', 'executed'), moving('d', 'canceled')]).combined).toEqual([]);
    expect(needsAttention([moving('a', 'active'), moving('b', 'passed')]).combined.map((entry) => entry.proposals.sort())).toEqual([['a', 'b']]);
  });
});

describe('accountPrices', () => {
  it('prices each supplied asset of an account at its value over its amount, and lists what it borrows', () => {
    const account = { market: 'm', healthFactor: 1.5, debtUsd: 100, collateral: [] };
    const prices = accountPrices([
      { position: { id: '1', protocol: 'aave', asset: 'WETH', amount: '12', valueUsd: 37_800, user_address: 'x' }, inputs: { role: 'supply', account } },
      { position: { id: '2', protocol: 'aave', asset: 'USDT', amount: '100', valueUsd: 100, user_address: 'x' }, inputs: { role: 'borrow', account } },
      { position: { id: '3', protocol: 'aave', asset: 'GHO', amount: '5', user_address: 'x' }, inputs: { role: 'supply', account } },
      { position: { id: '4', protocol: 'lido', asset: 'stETH', amount: '1', valueUsd: 3_000, user_address: 'x' }, inputs: { role: 'stake' } },
    ]);
    expect(prices).toEqual({ m: { prices: { WETH: 3_150 }, borrowed: ['USDT'] } });
  });
});
