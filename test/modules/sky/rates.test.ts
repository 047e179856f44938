import { describe, expect, it } from 'vitest';
import { assetsOfShares, RAY, rpow, yearlyRateOfRay } from '../../../shared/modules/sky/rates.js';

/*
 * Oracle vectors: sky-ecosystem/spells-mainnet src/test/rates.sol @17aee91ed7857b65d4814ef8cf3694fc9d70e1cf,
 * the table the spells' tests use to turn a rate in bps into the per-second ray set on chain
 * (rates[bps] = (1 + bps/10,000)^(1/31,536,000) in 27 digits, scripts/rates.sh). Compounding each
 * ray over 365 days must give its bps back.
 */
const RATES_SOL: readonly [bps: number, ray: bigint][] = [
  [0, 1000000000000000000000000000n],
  [1, 1000000000003170820659990704n],
  [100, 1000000000315522921573372069n],
  [400, 1000000001243680656318820312n],
  [450, 1000000001395766281313196627n],
  [500, 1000000001547125957863212448n],
  [1000, 1000000003022265980097387650n],
  [1250, 1000000003734875566854894261n],
  [10000, 1000000021979553151239153027n],
];

describe('savings-rate ray maths', () => {
  it.each(RATES_SOL)('%i bps: rpow(rates[bps], 365 days) − 1 is the table’s rate to 1e-12', (bps, ray) => {
    expect(Math.abs(yearlyRateOfRay(ray) - bps / 10_000)).toBeLessThan(1e-12);
  });

  it('a ray one step off the table’s 450 bps entry is not 4.5 % to that precision (the check can fail)', () => {
    expect(Math.abs(yearlyRateOfRay(1000000001395766281313196627n + 10n ** 12n) - 0.045)).toBeGreaterThan(1e-12);
  });

  it('rpow rounds each product half up like DSS’s _rpow: small cases worked by hand', () => {
    // base 10: 15^2 = 225 → (225 + 5) / 10 = 23 (half up), then 23 × 15 = 345 → (345 + 5)/10 = 35.
    expect(rpow(15n, 2n, 10n)).toBe(23n);
    expect(rpow(15n, 3n, 10n)).toBe(35n);
    expect(rpow(0n, 0n)).toBe(RAY);
    expect(rpow(0n, 5n)).toBe(0n);
    expect(rpow(2n * RAY, 10n)).toBe(1024n * RAY);
  });

  it('shares are worth shares × chi / RAY, rounded down: 20,000 sUSDS at chi 1.0837… is 21,674.2469… USDS', () => {
    const chi = 1_083_712_345_678_901_234_567_890_123n;
    expect(assetsOfShares(20_000n * 10n ** 18n, chi)).toBe(21_674_246_913_578_024_691_357n);
    expect(assetsOfShares(RAY, chi)).toBe(chi);
  });
});
