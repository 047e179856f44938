import { describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import type { Envelope } from '../../shared/contract/envelope.js';
import { getChecked, useServer } from '../support/server.js';

/*
 * The demo evm wallet's scan carries the worst case without a vote, and each worst case is the one
 * worked by hand below from the demo data (shared/modules/aave/demo.ts, sky/demo.ts) and the declared
 * bounds (Aave RiskSteward: LT −50 bps per 3 days, DeployStewards.s.sol; SP-BEAM: SSR −400 bps per
 * 16 h, never below 200 bps, spells-mainnet config.sol). The answer is checked against the OpenAPI
 * document by getChecked.
 */
const server = useServer();
const SCAN = '/api/scan/{address}';
const evm = demoWallet('evm').address;

type Scan = { envelopes?: Envelope[] };
const envelope = (scan: Scan, market: string) => scan.envelopes?.find((entry) => entry.market === market);

describe('the demo evm wallet’s envelopes, worked by hand', () => {
  it('Aave Core: WETH 83 → 81.5 % and USDC 78 → 76.5 % (3 steward steps of 0.5 in 7 days: now, day 3, day 6), health factor 1.42 → 1.3938', async () => {
    const { body } = await getChecked<Scan>(server, `/api/scan/${evm}`, SCAN);
    const core = envelope(body, 'aave-v3-ethereum')!;
    // HF′ = HF + Σ Cᵢ·ΔLTᵢ / (10,000·D) = 1.42 + (37,800·(−150) + 20,000·(−150)) / (10,000·33,080) = 1.42 − 867 / 33,080.
    const hand = 1.42 - 867 / 33_080;
    expect(hand).toBeCloseTo(1.393791, 6);
    expect(core.healthFactor!.now).toBe(1.42);
    expect(core.healthFactor!.worst).toBeCloseTo(hand, 12);
    expect(core.assumptions.filter((entry) => entry.parameter).map(({ subject, from, to, steps, bound, readFrom }) => ({ subject, from, to, steps, step: bound?.largestStep, delay: bound?.minDelaySeconds, readFrom }))).toEqual([
      { subject: 'WETH’s liquidation threshold', from: 8300, to: 8150, steps: 3, step: 50, delay: 259_200, readFrom: 'declared' },
      { subject: 'USDC’s liquidation threshold', from: 7800, to: 7650, steps: 3, step: 50, delay: 259_200, readFrom: 'declared' },
    ]);
    expect(core.mechanisms).toEqual(['steward', 'guardian']);
    // A fall of 0.026, ending above 1.1: low by the health-factor rule.
    expect(core.level).toBe('low');
    expect(core.summary).toContain('the liquidation thresholds of WETH and USDC can each fall by at most 1.5');
    expect(core.summary).toContain('health factor 1.42 → 1.39 at worst');
    // The guardian's freeze is said as what it does, with no figure.
    const freeze = core.assumptions.find((entry) => entry.mechanism === 'guardian')!;
    expect(freeze.words).toContain('LTV to 0');
    expect(freeze).not.toHaveProperty('to');
  });

  it('Aave Arbitrum: wstETH 79 → 77.5 %, health factor 1.95 → 1.913; Base without debt has no health factor', async () => {
    const { body } = await getChecked<Scan>(server, `/api/scan/${evm}`, SCAN);
    // 1.95 − 22,200·150 / (10,000·9,000) = 1.95 − 0.037.
    expect(envelope(body, 'aave-v3-arbitrum')!.healthFactor!.worst).toBeCloseTo(1.913, 12);
    const base = envelope(body, 'aave-v3-base')!;
    expect(base.healthFactor).toBeUndefined();
    expect(base.summary).toContain('no debt, so no health factor moves');
  });

  it('sUSDS: the SSR 4.5 → 2 % in one SP-BEAM move (floor 2 %), $487.67 → $216.74 a year on 10,837.12 USDS, medium', async () => {
    const { body } = await getChecked<Scan>(server, `/api/scan/${evm}`, SCAN);
    const savings = envelope(body, 'sky-susds')!;
    // 10,837.12 × 0.045 = 487.67; × 0.02 = 216.74; the loss 270.93 a year is over $100 and 1 % of the holding (medium).
    expect(savings.yearlyUsd).toEqual({ now: 487.67, worst: 216.74 });
    expect(savings.assumptions[0]).toMatchObject({ parameter: 'ssr', from: 450, to: 200, steps: 1, bound: { largestStep: 400, minDelaySeconds: 57_600, floorBps: 200, ceilingBps: 3000 } });
    expect(savings.level).toBe('medium');
    expect(savings.mechanisms).toEqual(['steward']);
  });

  it('travels with the wallet’s proposals (GET /api/proposals?address=) in the full view, the same as the scan’s', async () => {
    const { body: scan } = await getChecked<Scan>(server, `/api/scan/${evm}`, SCAN);
    const { body } = await getChecked<Scan>(server, `/api/proposals?address=${evm}`, '/api/proposals');
    expect(body.envelopes).toEqual(scan.envelopes);
    const { body: compact } = await getChecked<Scan>(server, `/api/proposals?address=${evm}&view=compact`, '/api/proposals');
    expect(compact.envelopes).toBeUndefined();
  });

  it('keeps only the envelopes at or above minImpact, as proposals are filtered', async () => {
    const { body } = await getChecked<Scan>(server, `/api/scan/${evm}?minImpact=medium`, SCAN);
    expect(body.envelopes!.map((entry) => entry.market)).toEqual(['sky-susds']);
  });

  it('leaves envelopes out of the compact view', async () => {
    const { body } = await getChecked<Scan>(server, `/api/scan/${evm}?view=compact`, SCAN);
    expect(body.envelopes).toBeUndefined();
  });
});
