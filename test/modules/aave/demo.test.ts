import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { aprToApy } from '../../../shared/domain/rates.js';
import { demo } from '../../../shared/modules/aave/demo.js';
import { AAVE_MARKETS } from '../../../shared/modules/aave/exposure/markets.js';
import { spokeAccountData } from '../../../shared/modules/aave/v4/accountData.js';
import { V4_SPOKES } from '../../../shared/modules/aave/v4/spokes.js';
import { Position } from '../../../shared/contract/position.js';

/*
 * The demo evm wallet's Aave positions, re-derived from their own figures (issue #22 item 5: on at
 * least three chains): each value is its amount at the demo's price, each account's health factor
 * is Σ collateral × LT / debt (positions.md §1.3), each APY compounds its APR per second, and each
 * position names a chain and a market the live exposure reads there.
 */
const wallet: Wallet = { kind: 'evm', address: '0xde30000000000000000000000000000000000001' };
const positions = demo.positions(wallet);
// The demo's prices: WETH $3,150, wstETH $3,700, the dollar stablecoins at $1.
const PRICES: Record<string, number> = { WETH: 3150, wstETH: 3700, USDC: 1, USDT: 1 };

describe('the Aave demo positions', () => {
  it('sit on three chains, Ethereum Core, Arbitrum and Base, and in v4’s Ethereum Main spoke, each a market the exposure reads on that chain', () => {
    expect([...new Set(positions.map(({ position }) => position.chain))]).toEqual(['ethereum', 'arbitrum', 'base']);
    expect([...new Set(positions.map(({ position }) => position.market))]).toContain('aave-v4-ethereum-main');
    for (const { position, inputs } of positions) {
      expect(position.market).toBe(inputs.market);
      expect([...AAVE_MARKETS, ...V4_SPOKES].find((market) => market.market === position.market)?.chain).toBe(position.chain);
      expect(position.id.startsWith(`${position.market}-`)).toBe(true);
      expect(Position.safeParse(position).success).toBe(true);
    }
  });

  it('are worth their amounts at the demo prices', () => {
    for (const { position, inputs } of positions) {
      expect(position.valueUsd).toBeCloseTo(Number(position.amount) * PRICES[position.asset]!, 6);
      expect(inputs.valueUsd).toBe(position.valueUsd);
    }
  });

  it('give each account with debt the health factor its collateral and debt make, to two decimals', () => {
    const accounts = [...new Set(positions.map(({ inputs }) => inputs.account!))];
    expect(accounts).toHaveLength(4);
    for (const account of accounts) {
      const held = positions.filter(({ inputs }) => inputs.account === account);
      const debt = held.filter(({ inputs }) => inputs.role === 'borrow').reduce((sum, { position }) => sum + position.valueUsd!, 0);
      expect(account.debtUsd).toBe(debt);
      expect(account.collateral.map((entry) => [entry.asset, entry.valueUsd])).toEqual(held.filter(({ position }) => position.collateral !== undefined).map(({ position }) => [position.asset, position.valueUsd]));
      if (debt === 0) {
        expect(account.healthFactor).toBeUndefined();
        continue;
      }
      const healthFactor = account.collateral.reduce((sum, entry) => sum + (entry.valueUsd * entry.liquidationThreshold) / 10_000, 0) / debt;
      expect(account.healthFactor).toBeCloseTo(healthFactor, 2);
      for (const { position } of held) expect(position.healthFactor).toBe(account.healthFactor);
    }
  });

  it('give the v4 account the health factor and risk premium its spoke computes, its collateral on a key that is not the latest', () => {
    const v4 = positions.filter(({ inputs }) => inputs.aaveV4);
    expect(v4.map(({ position }) => position.id)).toEqual(['aave-v4-ethereum-main-wsteth-supply', 'aave-v4-ethereum-main-usdc-borrow']);
    const inputs = v4[0]!.inputs.aaveV4!;
    const usd = (dollars: number) => BigInt(Math.round(dollars * 1e6)) * 10n ** 20n;
    const data = spokeAccountData({
      collateral: inputs.collateral.map((entry) => ({ value: usd(entry.valueUsd), collateralFactor: entry.collateralFactor, collateralRisk: entry.collateralRisk })),
      debtValueRay: usd(v4[0]!.inputs.account!.debtUsd) * 10n ** 27n,
    });
    expect(v4[0]!.inputs.account!.healthFactor).toBeCloseTo(Number(data.healthFactor) / 1e18, 2);
    expect(inputs.riskPremium).toBe(Number(data.riskPremium));
    expect(inputs.collateral[0]!.dynamicConfigKey).toBeLessThan(inputs.collateral[0]!.latestConfigKey);
  });

  it('state each APY as its APR compounded per second, to the tenth of a percent', () => {
    for (const { position, inputs } of positions) expect(position.apy).toBeCloseTo(aprToApy(inputs.apr!), 3);
  });
});
