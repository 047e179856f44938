import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ExposurePosition } from '../../../../shared/domain/position.js';
import { spokeAccountData, spokeValue } from '../../../../shared/modules/aave/v4/accountData.js';
import { v4DynamicConfigCalculator } from '../../../../shared/modules/aave/v4/dynamicConfigCalculator.js';

/*
 * Oracle test for Aave v4's account arithmetic: our spokeAccountData (and the simulator's keyed
 * health factor) against the published vectors of aave-v4's own unit test
 * (test/fixtures/oracles/aave-v4-account-data-vectors.json names the file and commit). No npm
 * package ships the v4 sources and no snapshot could be fetched here to compile them, so the
 * vectors are the test's stated values, within the test's own tolerances.
 */

interface Amount {
  asset: string;
  decimals: number;
  price: string;
}
interface Fixture {
  source: { repository: string; commit: string; file: string };
  vectors: {
    name: string;
    collateral: (Amount & { amount: string; collateralFactor: number; collateralRisk: number })[];
    debt: (Amount & { drawn: string; premium: string })[];
    expected: { totalCollateralValue: string; totalDebtValue: string; avgCollateralFactor: string; healthFactor: string; riskPremium: string | null };
  }[];
  dynamicConfigKeys: { onOldKey: { addedKeyCollateralFactor: number; healthFactor: string }; refreshed: { addedKeyCollateralFactor: number; healthFactor: string } };
}

const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/oracles/aave-v4-account-data-vectors.json', import.meta.url), 'utf8')) as Fixture;
const RAY = 10n ** 27n;
const WAD_TOLERANCE = 10n ** 12n;

const inputsOf = (vector: Fixture['vectors'][number]) => ({
  collateral: vector.collateral.map((entry) => ({ value: spokeValue(BigInt(entry.amount), entry.decimals, BigInt(entry.price)), collateralFactor: entry.collateralFactor, collateralRisk: entry.collateralRisk })),
  debtValueRay: vector.debt.reduce((sum, entry) => sum + spokeValue((BigInt(entry.drawn) + BigInt(entry.premium)) * RAY, entry.decimals, BigInt(entry.price)), 0n),
});
const near = (actual: bigint, expected: bigint, tolerance: bigint) => (actual > expected ? actual - expected : expected - actual) <= tolerance;

describe('Aave v4 account data against aave-v4’s own test vectors', () => {
  it('names the repository, commit and test file the vectors come from', () => {
    expect(fixture.source).toMatchObject({ repository: 'https://github.com/aave/aave-v4', file: 'tests/unit/Spoke/Spoke.UserAccountData.t.sol' });
    expect(fixture.source.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(fixture.vectors.length).toBe(4);
  });

  for (const vector of fixture.vectors) {
    it(`computes ${vector.name} as the spoke does`, () => {
      const data = spokeAccountData(inputsOf(vector));
      expect(data.totalCollateralValue).toBe(BigInt(vector.expected.totalCollateralValue));
      expect(data.totalDebtValue).toBe(BigInt(vector.expected.totalDebtValue));
      expect(near(data.healthFactor, BigInt(vector.expected.healthFactor), WAD_TOLERANCE), `health factor ${data.healthFactor}`).toBe(true);
      expect(near(data.avgCollateralFactor, BigInt(vector.expected.avgCollateralFactor), WAD_TOLERANCE), `avg collateral factor ${data.avgCollateralFactor}`).toBe(true);
      if (vector.expected.riskPremium !== null) expect(near(data.riskPremium, BigInt(vector.expected.riskPremium), 1n)).toBe(true);
    });
  }

  it('has no health factor to give without debt (maxUint256), as the spoke', () => {
    expect(spokeAccountData({ collateral: [{ value: 10n ** 28n, collateralFactor: 8000, collateralRisk: 0 }], debtValueRay: 0n }).healthFactor).toBe(2n ** 256n - 1n);
  });
});

describe('the simulator’s keyed health factor against the same test’s config-key scenarios', () => {
  // Scenario 1's account: 100 USDX as collateral on key 0 at 72 %, $75 of WETH debt (HF 0.96).
  const account = { market: 'aave-v4-ethereum-main', healthFactor: 0.96, debtUsd: 75, collateral: [{ asset: 'USDX', valueUsd: 100, liquidationThreshold: 7200 }] };
  const exposure: ExposurePosition = {
    position: { id: 'usdx-supply', protocol: 'aave', asset: 'USDX', amount: '100', user_address: '0x', market: 'aave-v4-ethereum-main' },
    inputs: {
      market: 'aave-v4-ethereum-main',
      role: 'supply',
      valueUsd: 100,
      account,
      aaveV4: { market: 'aave-v4-ethereum-main', riskPremium: 1000, collateral: [{ asset: 'USDX', valueUsd: 100, collateralFactor: 7200, collateralRisk: 1000, dynamicConfigKey: 0, latestConfigKey: 0 }] },
    },
  };
  const change = (configKey: number, to: number) => ({ protocol: 'aave', market: 'aave-v4-ethereum-main', asset: 'USDX', parameter: 'v4CollateralFactor', to, unit: 'bps' as const, configKey, evidence: 'test', verified: true });
  const healthFactorAfter = (to: number, configKey: number) => v4DynamicConfigCalculator.effects!([change(configKey, to)], exposure).find((effect) => effect.healthFactor)?.healthFactor?.after;

  it('leaves a position on the old key where it was when a key is added (scenario 2: HF 0.96)', () => {
    const added = change(1, fixture.dynamicConfigKeys.onOldKey.addedKeyCollateralFactor);
    expect(v4DynamicConfigCalculator.touches!(added, exposure)).toBe(false);
    expect(Number(BigInt(fixture.dynamicConfigKeys.onOldKey.healthFactor)) / 1e18).toBe(account.healthFactor);
  });

  it('moves a position still on the updated key to the health factor the spoke computes at the new factor (scenario 3: HF 1.28)', () => {
    const updated = change(0, fixture.dynamicConfigKeys.refreshed.addedKeyCollateralFactor);
    expect(v4DynamicConfigCalculator.touches!(updated, exposure)).toBe(true);
    expect(healthFactorAfter(fixture.dynamicConfigKeys.refreshed.addedKeyCollateralFactor, 0)).toBeCloseTo(Number(BigInt(fixture.dynamicConfigKeys.refreshed.healthFactor)) / 1e18, 12);
  });
});
