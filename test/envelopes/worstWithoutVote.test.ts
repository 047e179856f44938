import { describe, expect, it } from 'vitest';
import type { ExposurePosition, LendingAccount } from '../../shared/domain/position.js';
import { boundedMove, stepsTaken } from '../../shared/envelopes/boundedMove.js';
import { envelopesOf } from '../../shared/envelopes/envelopesOf.js';
import type { NoVoteBounds, ParameterBound } from '../../shared/envelopes/noVoteBounds.js';
import { stepsWithin } from '../../shared/envelopes/stepsWithin.js';
import { AAVE_NO_VOTE_BOUNDS } from '../../shared/modules/aave/stewardBounds.js';
import { registered } from '../../shared/modules/registry.js';
import { SKY_NO_VOTE_BOUNDS } from '../../shared/modules/sky/spBeamBounds.js';

/* Hand-worked cases of the envelope calculation; every account and figure here is SYNTHETIC. */

const DAY = 86_400;
const lt = (bps: number, over: Partial<ParameterBound> = {}): ParameterBound => ({
  parameter: 'liquidationThreshold',
  largestStep: { kind: 'absolute', bps },
  minDelaySeconds: 3 * DAY,
  delayScope: 'parameter',
  floorBps: 1,
  actor: 'a test steward',
  stepWords: 'steward steps',
  mechanisms: ['steward'],
  origin: 'declared',
  source: 'SYNTHETIC',
  sourceUrl: 'https://example.org/synthetic',
  ...over,
});
const lending = (account: LendingAccount): ExposurePosition => ({
  position: { id: 'p', protocol: 'aave', asset: account.collateral[0]!.asset, amount: '1', user_address: '0x0', market: account.market },
  inputs: { market: account.market, role: 'supply', account },
});

describe('steps within the horizon', () => {
  it('counts floor(horizon / delay) + 1, the first at once', () => {
    expect(stepsWithin(7 * DAY, 3 * DAY)).toBe(3);
    expect(stepsWithin(7 * DAY, 57_600)).toBe(11);
    expect(stepsWithin(7 * DAY, DAY)).toBe(8);
  });
  it('pushes the first step back by what is left of the delay since the last change', () => {
    // Changed 1 day ago: next step in 2 days, then day 5: 2 steps.
    expect(stepsWithin(7 * DAY, 3 * DAY, DAY)).toBe(2);
    expect(stepsWithin(DAY, 3 * DAY, 0)).toBe(0);
  });
});

describe('a bounded move', () => {
  it('measures SP-BEAM steps from the old rate brought inside [min, max], and never ends past where a saver stands now', () => {
    const ssr = { largestStep: { kind: 'absolute', bps: 400 } as const, floorBps: 200, ceilingBps: 3000 };
    expect(boundedMove(450, ssr, 11, 'down')).toBe(200);
    expect(stepsTaken(450, 200, ssr, 11)).toBe(1);
    // Below the floor already: SP-BEAM can only raise it, so the worst for a saver is no move.
    expect(boundedMove(150, ssr, 11, 'down')).toBe(150);
    // Above the ceiling: a payer's worst is where it is.
    expect(boundedMove(3100, ssr, 2, 'up')).toBe(3100);
    expect(boundedMove(2700, ssr, 2, 'up')).toBe(3000);
  });
  it('compounds a relative step', () => {
    expect(boundedMove(1000, { largestStep: { kind: 'relative', share: 0.5 } }, 2, 'down')).toBe(250);
  });
});

describe('a lending account’s worst health factor', () => {
  it('counts an eMode member at the category’s LT, where the manual steward (0.1 point) and the Edge eMode steward (0.5 point) add up', async () => {
    // Aave Core, category 8 (the Edge injector's): 10 WETH-like units of $30,000 at the category's LT 93 %, debt $25,000.
    // HF = 30,000 × 0.93 / 25,000 = 1.116. Steps: 3 × 10 + 3 × 50 = 180 bps: 9300 → 9120.
    // HF′ = 1.116 − 30,000 × 180 / (10,000 × 25,000) = 1.116 − 0.0216 = 1.0944 (high: below 1.1).
    const account: LendingAccount = {
      market: 'aave-v3-ethereum',
      healthFactor: 1.116,
      debtUsd: 25_000,
      eMode: { id: 8, label: 'ETH correlated', ltv: 9000, liquidationThreshold: 9300, ltvRule: 'ltvzeroBitmap' },
      collateral: [{ asset: 'wstETH', valueUsd: 30_000, liquidationThreshold: 7900, ltv: 7100, inEMode: true }],
    };
    const [envelope] = envelopesOf({ positions: [lending(account)], bounds: new Map([['aave', AAVE_NO_VOTE_BOUNDS]]), registered: await registered() });
    expect(envelope!.healthFactor!.worst).toBeCloseTo(1.0944, 12);
    expect(envelope!.level).toBe('high');
    // The reserve's own LT does not count inside eMode: no assumption on it.
    expect(envelope!.assumptions.filter((entry) => entry.parameter).map(({ mechanism, from, to }) => ({ mechanism, from, to }))).toEqual([
      { mechanism: 'steward', from: 9300, to: 9270 },
      { mechanism: 'riskOracle', from: 9270, to: 9120 },
    ]);
    expect(envelope!.mechanisms).toEqual(['steward', 'riskOracle', 'guardian']);
  });

  it('leaves a restricted asset where it is', async () => {
    const account: LendingAccount = {
      market: 'm',
      healthFactor: 1.5,
      debtUsd: 10_000,
      collateral: [
        { asset: 'AAA', valueUsd: 10_000, liquidationThreshold: 8000 },
        { asset: 'BBB', valueUsd: 10_000, liquidationThreshold: 7000 },
      ],
    };
    const bounds: NoVoteBounds = { bounds: [lt(50, { restricted: ['bbb'] })], guardians: [] };
    const [envelope] = envelopesOf({ positions: [lending(account)], bounds: new Map([['aave', bounds]]), registered: await registered() });
    // Only AAA: 1.5 − 10,000 × 150 / (10,000 × 10,000) = 1.485.
    expect(envelope!.healthFactor!.worst).toBeCloseTo(1.485, 12);
    expect(envelope!.assumptions.map((entry) => entry.subject)).toEqual(['AAA’s liquidation threshold']);
  });

  it('states a guardian-only envelope in words, its health factor unchanged', async () => {
    const account: LendingAccount = { market: 'm', healthFactor: 1.3, debtUsd: 1_000, collateral: [{ asset: 'AAA', valueUsd: 2_000, liquidationThreshold: 6500 }] };
    const bounds: NoVoteBounds = { bounds: [], guardians: [{ actor: 'a guardian', does: 'freeze a reserve at once; the health factor does not change.', mechanisms: ['guardian'], source: 'SYNTHETIC', sourceUrl: 'https://example.org/synthetic' }] };
    const [envelope] = envelopesOf({ positions: [lending(account)], bounds: new Map([['aave', bounds]]), registered: await registered() });
    expect(envelope).toMatchObject({ healthFactor: { now: 1.3, worst: 1.3 }, level: 'low', mechanisms: ['guardian'] });
    expect(envelope!.summary).toContain('a guardian can freeze a reserve at once');
  });
});

describe('a rate position’s worst year', () => {
  it('moves the DSR down to its 0 floor for an sDAI holder: 3.25 % → 0 in one move of 4 points', async () => {
    const sdai: ExposurePosition = {
      position: { id: 'sky-sdai', protocol: 'sky', asset: 'sDAI', amount: '1000', user_address: '0x0', market: 'sky-sdai', valueUsd: 2_000 },
      inputs: { market: 'sky-sdai', role: 'supply', valueUsd: 2_000, apr: 0.0325, savingsRate: 'dsr' },
    };
    const [envelope] = envelopesOf({ positions: [sdai], bounds: new Map([['sky', SKY_NO_VOTE_BOUNDS]]), registered: await registered() });
    // 2,000 × 0.0325 = 65 a year now; 0 at worst; a loss of $65 is 3.25 % of the position: medium.
    expect(envelope).toMatchObject({ yearlyUsd: { now: 65, worst: 0 }, level: 'medium' });
    expect(envelope!.assumptions[0]).toMatchObject({ parameter: 'dsr', from: 325, to: 0, steps: 1 });
  });
});
