import fc from 'fast-check';
import { formatUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../shared/domain/parameterChange.js';
import { cometRateInputs, cometRatesAfter } from '../../shared/modules/compound/cometCurve.js';
import type { CometRateCurve } from '../../shared/modules/compound/exposure/cometRates.js';
import { rateAfter } from '../support/simulator.js';
import { type CometCurveImmutables, getRate, InvalidUInt64, SECONDS_PER_YEAR } from './cometRateReference.js';

/*
 * The module's Comet curve arithmetic against the BigInt transcription of Comet.sol
 * (cometRateReference.ts), on generated states: any curve immutables a Comet can hold (per-second
 * rates and kinks, 1e18-scaled; bases up to uint64 so that safe64's revert is reached), any
 * utilization up to 150 % (totalBorrow can pass totalSupply), and one Configurator change (a kink or
 * a per-year rate, as decodeActions or a table gives it). The per-second results must be the
 * contract's integers exactly, and the yearly rate the simulator prices must be those integers' APR.
 */

const UINT64_MAX = 2n ** 64n - 1n;
const WAD = 10n ** 18n;
const FIELD = { kink: 'kink', interestRateBase: 'base', interestRateSlopeLow: 'slopeLow', interestRateSlopeHigh: 'slopeHigh', optimalUsage: 'kink', baseRate: 'base', slope1: 'slopeLow', slope2: 'slopeHigh' } as const;
type Kind = keyof typeof FIELD;

const perSecond = fc.oneof(fc.bigInt({ min: 0n, max: 100_000_000_000n }), fc.bigInt({ min: 0n, max: UINT64_MAX }));
const curve = fc.record({ kink: fc.bigInt({ min: 0n, max: WAD }), base: perSecond, slopeLow: fc.bigInt({ min: 0n, max: 1_000_000_000_000n }), slopeHigh: fc.bigInt({ min: 0n, max: 1_000_000_000_000n }) });
/** A change as a source gives it: a kink to the 1e-6 (or a table's bps), a per-year rate to the 1e-9, up to 10 a year. */
const change = fc.record({
  parameter: fc.constantFrom<Kind>('kink', 'interestRateBase', 'interestRateSlopeLow', 'interestRateSlopeHigh', 'optimalUsage', 'baseRate', 'slope1', 'slope2'),
  side: fc.constantFrom<'supply' | 'borrow'>('supply', 'borrow'),
  kinkMillionths: fc.bigInt({ min: 0n, max: 1_000_000n }),
  kinkBps: fc.integer({ min: 0, max: 10_000 }),
  perYearNanos: fc.bigInt({ min: 0n, max: 10_000_000_000n }),
});

const reference = (c: CometRateCurve): CometCurveImmutables => ({ kink: c.kink, perSecondInterestRateBase: c.base, perSecondInterestRateSlopeLow: c.slopeLow, perSecondInterestRateSlopeHigh: c.slopeHigh });
const orRevert = (run: () => bigint): bigint | 'revert' => {
  try {
    return run();
  } catch (error) {
    if (error instanceof InvalidUInt64) return 'revert';
    throw error;
  }
};
const apr = (rate: bigint) => (Number(rate) / 1e18) * 31_536_000;

describe('Comet curve arithmetic against Comet.sol, on 2,000 generated states', () => {
  it('gives getSupplyRate/getBorrowRate’s integers before and after a curve change', () => {
    fc.assert(
      fc.property(curve, curve, fc.bigInt({ min: 0n, max: (WAD * 3n) / 2n }), change, (supply, borrow, utilization, drawn) => {
        const field = FIELD[drawn.parameter];
        const isKink = field === 'kink';
        const tableBps = drawn.parameter === 'optimalUsage';
        // What the Configurator would be called with (the uint64 it stores), and the change a source emits for it.
        const configured = isKink ? (tableBps ? BigInt(drawn.kinkBps) * 10n ** 14n : drawn.kinkMillionths * 10n ** 12n) : drawn.perYearNanos * 10n ** 9n;
        const to = tableBps ? drawn.kinkBps : Number(formatUnits(configured, 18));
        const parameterChange: ParameterChange = { protocol: 'compound', market: 'comet-usdc', side: drawn.side, parameter: drawn.parameter, to, unit: tableBps ? 'bps' : 'fraction', evidence: 'generated', verified: true };

        const own = drawn.side === 'supply' ? supply : borrow;
        const moved = { ...own, [field]: isKink ? configured : configured / SECONDS_PER_YEAR };
        const before = orRevert(() => getRate(reference(own), utilization));
        const after = orRevert(() => getRate(reference(moved), utilization));

        const inputs = cometRateInputs({ supply, borrow }, utilization);
        const ours = cometRatesAfter(inputs, [parameterChange], drawn.side);
        if (before === 'revert' || after === 'revert') {
          expect(ours).toBeUndefined();
          return;
        }
        expect(ours).toEqual({ before, after });
        // Through the simulator's dispatch (the module's registered calculator), from the chain's rate.
        const priced = rateAfter({ market: 'comet-usdc', role: drawn.side, apr: apr(before), cometRates: inputs }, [parameterChange]);
        expect(priced).toBe(apr(after));
      }),
      { numRuns: 2000 },
    );
  });
});
