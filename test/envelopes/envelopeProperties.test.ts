import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExposurePosition, LendingAccount } from '../../shared/domain/position.js';
import { envelopesOf } from '../../shared/envelopes/envelopesOf.js';
import type { NoVoteBounds, ParameterBound } from '../../shared/envelopes/noVoteBounds.js';
import { stepsWithin } from '../../shared/envelopes/stepsWithin.js';
import { registered } from '../../shared/modules/registry.js';

/*
 * Properties of the envelope over generated accounts, savings holdings and bounds (all SYNTHETIC):
 * a worst case is never better than now, and no assumption claims more than a declared bound gives
 * (its bound is one of the declarations, its steps fit the horizon, its move fits the steps, and it
 * stays inside the floor and ceiling).
 */
const RUNS = 500;
const HORIZON = 7 * 86_400;

const bound = (parameter: string): fc.Arbitrary<ParameterBound> =>
  fc.record({
    step: fc.oneof(fc.integer({ min: 1, max: 800 }).map((bps) => ({ kind: 'absolute' as const, bps })), fc.double({ min: 0.01, max: 0.9, noNaN: true }).map((share) => ({ kind: 'relative' as const, share }))),
    delay: fc.integer({ min: 3_600, max: 12 * 86_400 }),
    floor: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: undefined }),
    ceiling: fc.option(fc.integer({ min: 3000, max: 10_000 }), { nil: undefined }),
  }).map(({ step, delay, floor, ceiling }) => ({
    parameter,
    largestStep: step,
    minDelaySeconds: delay,
    delayScope: 'parameter',
    ...(floor !== undefined && { floorBps: floor }),
    ...(ceiling !== undefined && { ceilingBps: ceiling }),
    actor: 'a generated actor',
    stepWords: 'steps',
    mechanisms: ['steward'],
    origin: 'declared',
    source: `SYNTHETIC ${parameter}`,
    sourceUrl: 'https://example.org/synthetic',
  }));

const account: fc.Arbitrary<LendingAccount> = fc
  .record({
    collateral: fc.array(fc.record({ valueUsd: fc.double({ min: 1, max: 1e7, noNaN: true }), liquidationThreshold: fc.integer({ min: 1, max: 9_700 }), inEMode: fc.boolean() }), { minLength: 1, maxLength: 4 }),
    eMode: fc.option(fc.record({ ltv: fc.integer({ min: 1, max: 9_000 }), liquidationThreshold: fc.integer({ min: 9_000, max: 9_800 }) }), { nil: undefined }),
    debtUsd: fc.oneof(fc.constant(0), fc.double({ min: 1, max: 1e7, noNaN: true })),
  })
  .map(({ collateral, eMode, debtUsd }) => {
    const entries = collateral.map((entry, index) => ({ asset: `A${index}`, valueUsd: entry.valueUsd, liquidationThreshold: entry.liquidationThreshold, inEMode: entry.inEMode && eMode !== undefined }));
    const weighted = entries.reduce((sum, entry) => sum + entry.valueUsd * (entry.inEMode ? eMode!.liquidationThreshold : entry.liquidationThreshold), 0);
    return {
      market: 'generated',
      debtUsd,
      ...(debtUsd > 0 && { healthFactor: weighted / 10_000 / debtUsd }),
      ...(eMode && { eMode: { id: 1, ...eMode, ltvRule: 'ltvzeroBitmap' as const } }),
      collateral: entries,
    };
  });

const savings: fc.Arbitrary<ExposurePosition> = fc
  .record({ valueUsd: fc.double({ min: 1, max: 1e8, noNaN: true }), apr: fc.double({ min: 0, max: 0.4, noNaN: true }) })
  .map(({ valueUsd, apr }) => ({
    position: { id: 'sky-susds', protocol: 'sky', asset: 'sUSDS', amount: String(valueUsd), user_address: '0x0', market: 'sky-susds', valueUsd },
    inputs: { market: 'sky-susds', role: 'supply', valueUsd, apr, savingsRate: 'ssr' },
  }));

describe('envelope properties', () => {
  it(`never gives a worst case better than now, nor an assumption beyond its declared bound (${RUNS} cases)`, async () => {
    const modules = await registered();
    await fc.assert(
      fc.property(account, savings, fc.array(bound('liquidationThreshold'), { maxLength: 2 }), fc.array(bound('eModeLiquidationThreshold'), { maxLength: 2 }), bound('ssr'), (lending, saved, lts, eModes, ssr) => {
        const declared: NoVoteBounds[] = [{ bounds: [...lts, ...eModes], guardians: [] }, { bounds: [ssr], guardians: [] }];
        const positions: ExposurePosition[] = [{ position: { id: 'l', protocol: 'aave', asset: 'A0', amount: '1', user_address: '0x0', market: 'generated' }, inputs: { market: 'generated', role: 'supply', account: lending } }, saved];
        const envelopes = envelopesOf({ positions, bounds: new Map([['aave', declared[0]!], ['sky', declared[1]!]]), registered: modules });
        const all = declared.flatMap((entry) => entry.bounds);
        for (const envelope of envelopes) {
          if (envelope.healthFactor) expect(envelope.healthFactor.worst).toBeLessThanOrEqual(envelope.healthFactor.now);
          if (envelope.yearlyUsd) expect(envelope.yearlyUsd.worst).toBeLessThanOrEqual(envelope.yearlyUsd.now);
          for (const assumption of envelope.assumptions.filter((entry) => entry.bound)) {
            const { from, to, steps } = assumption as { from: number; to: number; steps: number };
            const source = all.find((entry) => entry.parameter === (assumption.parameter === 'eModeLiquidationThreshold' ? 'eModeLiquidationThreshold' : assumption.parameter) && entry.minDelaySeconds === assumption.bound!.minDelaySeconds && (entry.largestStep.kind === 'absolute' ? entry.largestStep.bps : entry.largestStep.share) === assumption.bound!.largestStep);
            expect(source, `no declared bound gives ${assumption.words}`).toBeDefined();
            expect(steps).toBeLessThanOrEqual(stepsWithin(HORIZON, source!.minDelaySeconds));
            // Steps count from the value brought inside the floor and ceiling, as SP-BEAM measures them.
            const start = Math.min(source!.ceilingBps ?? Number.POSITIVE_INFINITY, Math.max(source!.floorBps ?? Number.NEGATIVE_INFINITY, from));
            if (to !== from && source!.largestStep.kind === 'absolute') expect(Math.abs(to - start)).toBeLessThanOrEqual(steps * source!.largestStep.bps + 1e-9);
            if (to !== from && source!.largestStep.kind === 'relative') expect(to).toBeGreaterThanOrEqual(start * (1 - source!.largestStep.share) ** steps - 1e-9);
            // Never past a floor or ceiling it was not already past.
            if (source!.floorBps !== undefined) expect(to).toBeGreaterThanOrEqual(Math.min(from, source!.floorBps));
            if (source!.ceilingBps !== undefined) expect(to).toBeLessThanOrEqual(Math.max(from, source!.ceilingBps));
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('envelope properties with bounds read from chain', () => {
  it(`with a last change read, takes no more steps than the rest of the delay leaves, starts no earlier, and is never worse than assuming the first step at once (${RUNS} cases)`, async () => {
    const modules = await registered();
    const NOW = 1_800_000_000;
    await fc.assert(
      fc.property(account, bound('liquidationThreshold'), fc.array(fc.option(fc.integer({ min: 0, max: 20 * 86_400 }), { nil: undefined }), { minLength: 4, maxLength: 4 }), (lending, lt, ages) => {
        const read: ParameterBound = { ...lt, origin: 'chain', lastChangedAt: Object.fromEntries(ages.flatMap((age, index) => (age === undefined ? [] : [[`a${index}`, NOW - age]]))) };
        const positions: ExposurePosition[] = [{ position: { id: 'l', protocol: 'aave', asset: 'A0', amount: '1', user_address: '0x0', market: 'generated' }, inputs: { market: 'generated', role: 'supply', account: lending } }];
        const envelopeWith = (bound: ParameterBound) => envelopesOf({ positions, bounds: new Map([['aave', { bounds: [bound], guardians: [] }]]), registered: modules, now: new Date(NOW * 1000) })[0];
        const timed = envelopeWith(read);
        const atOnce = envelopeWith(lt);
        if (timed?.healthFactor && atOnce?.healthFactor) {
          expect(timed.healthFactor.worst).toBeLessThanOrEqual(timed.healthFactor.now);
          expect(timed.healthFactor.worst).toBeGreaterThanOrEqual(atOnce.healthFactor.worst - 1e-12);
        }
        for (const assumption of timed?.assumptions.filter((entry) => entry.bound) ?? []) {
          const index = Number(assumption.subject.match(/^A(\d+)/)![1]);
          const age = ages[index];
          expect(assumption.readFrom).toBe('chain');
          expect(assumption.steps!).toBeLessThanOrEqual(stepsWithin(HORIZON, lt.minDelaySeconds, age));
          if (age === undefined) expect(assumption.firstStepAt).toBeUndefined();
          else expect(Date.parse(assumption.firstStepAt!) / 1000).toBe(Math.max(NOW, NOW - age + lt.minDelaySeconds));
        }
      }),
      { numRuns: RUNS },
    );
  });
});
