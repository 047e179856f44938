import { describe, expect, it } from 'vitest';
import { savingsRateMove } from '../../../shared/modules/sky/calculators.js';
import { SKY_MARKETS } from '../../../shared/modules/sky/names.js';
import { rateAfter, simulateProposal, touches } from '../../support/simulator.js';
import { change, exposure, proposal } from '../../simulate/fixtures.js';

/*
 * A savings-rate move prices the SSR or DSR change on the holding's value: Δrate × value a year.
 * Hand-made holdings; figures worked by hand in each test.
 */
const susds = (valueUsd: number, apr: number) => exposure('sky', 'sUSDS', valueUsd, { role: 'supply', market: SKY_MARKETS.susds, apr, savingsRate: 'ssr' });
const sdai = (valueUsd: number, apr: number) => exposure('sky', 'sDAI', valueUsd, { role: 'supply', market: SKY_MARKETS.sdai, apr, savingsRate: 'dsr' });
const usds = exposure('sky', 'USDS', 5_000, { role: 'balance', market: SKY_MARKETS.usds });
const rate = (parameter: 'ssr' | 'dsr', to: number, from?: number) => change({ protocol: 'sky', market: undefined, parameter, to, unit: 'fraction', ...(from !== undefined && { from }) });
const skyProposal = (...changes: ReturnType<typeof rate>[]) => proposal(changes, { id: 'sky-test-1', protocol: 'sky' });

describe('a savings-rate move', () => {
  it('the SSR reaches sUSDS only, the DSR sDAI only, and neither a plain USDS balance', () => {
    expect([susds(1, 0.045), sdai(1, 0.04), usds].map((holding) => touches(rate('ssr', 0.04), holding))).toEqual([true, false, false]);
    expect([susds(1, 0.045), sdai(1, 0.04), usds].map((holding) => touches(rate('dsr', 0.035), holding))).toEqual([false, true, false]);
  });

  it('SSR 4.5 % → 4 % on $10,000 of sUSDS: 10,000 × (0.04 − 0.045) = $50 a year less', () => {
    const impact = simulateProposal(skyProposal(rate('ssr', 0.04, 0.045)), [susds(10_000, 0.045)]);
    expect(impact).toMatchObject({ level: 'low', estimatedImpactUsd: -50, affectedAssets: ['sUSDS'] });
  });

  it('DSR 4 % → 6.25 % on $2,340 of sDAI: 2,340 × 0.0225 = $52.65 a year more (a gain is graded low at most)', () => {
    const impact = simulateProposal(skyProposal(rate('dsr', 0.0625)), [sdai(2_340, 0.04)]);
    expect(impact).toMatchObject({ level: 'low', estimatedImpactUsd: 52.65 });
  });

  it('a cut of 4 points (SP-BEAM’s largest step) on $30,000: 30,000 × 0.04 = $1,200 a year less, high', () => {
    const impact = simulateProposal(skyProposal(rate('ssr', 0.025)), [susds(30_000, 0.065)]);
    expect(impact).toMatchObject({ level: 'high', estimatedImpactUsd: -1_200 });
  });

  it('a change in bps is read as a fraction: 425 bps is 4.25 %', () => {
    expect(rateAfter(susds(1, 0.045).inputs, [change({ protocol: 'sky', parameter: 'ssr', to: 425, unit: 'bps' })])).toBeCloseTo(0.0425, 12);
  });

  it('states the rate the scan read as the chain’s value, in the change’s unit', () => {
    expect(savingsRateMove.chainValue!(rate('ssr', 0.04), susds(1, 0.045))).toBe(0.045);
    expect(savingsRateMove.chainValue!(change({ protocol: 'sky', parameter: 'ssr', to: 400, unit: 'bps' }), susds(1, 0.045))).toBeCloseTo(450, 9);
    expect(savingsRateMove.chainValue!(rate('dsr', 0.04), susds(1, 0.045))).toBeUndefined();
  });
});
