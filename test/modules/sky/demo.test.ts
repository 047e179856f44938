import { describe, expect, it } from 'vitest';
import { demo } from '../../../shared/modules/sky/demo.js';
import { simulateProposal } from '../../support/simulator.js';

/*
 * The demo evm wallet's sUSDS, re-derived by hand from the raw answers in demo.ts: shares × chi and
 * the SSR ray of rates.sol's 450 bps entry compounded over a year.
 */
const wallet = { kind: 'evm' as const, address: '0xde30000000000000000000000000000000000001' };

describe('the sky demo', () => {
  it('holds 10,000 sUSDS worth 10,000 × 1.083712345678901234 = 10,837.12 USDS at 4.5 %', () => {
    const [holding, ...rest] = demo.positions(wallet);
    expect(rest).toEqual([]);
    expect(holding!.position).toMatchObject({ protocol: 'sky', id: 'sky-susds', asset: 'sUSDS', amount: '10000', chain: 'ethereum', market: 'sky-susds', holding: 'vault' });
    expect(holding!.position.valueUsd).toBeCloseTo(10_837.12345678901, 8);
    expect(holding!.position.apy).toBeCloseTo(0.045, 12);
    expect(holding!.inputs).toMatchObject({ role: 'supply', savingsRate: 'ssr' });
  });

  it('sky-demo-1 lowers the SSR to 4 %: 10,837.12 × 0.005 = $54.19 a year less', () => {
    const [proposal] = demo.proposals(new Date('2026-11-25T00:00:00Z'));
    expect(simulateProposal(proposal!, demo.positions(wallet))).toMatchObject({ level: 'low', estimatedImpactUsd: -54.19, affectedAssets: ['sUSDS'] });
  });
});
