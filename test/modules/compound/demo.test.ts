import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { Position } from '../../../shared/contract/position.js';
import { aprToApy } from '../../../shared/domain/rates.js';
import { demo } from '../../../shared/modules/compound/demo.js';
import { COMET_MARKETS } from '../../../shared/modules/compound/exposure/markets.js';

/*
 * The demo evm wallet's Comet positions, re-derived from their own figures (issue #22 items 2 and
 * 5: a Comet on an L2): each value is its amount at the demo's price, the Arbitrum account's health
 * factor is Σ collateral × liquidate CF / debt (Comet.isLiquidatable), each APY compounds its APR
 * per second, and each position names a chain and a Comet the live exposure reads there.
 */
const wallet: Wallet = { kind: 'evm', address: '0xde30000000000000000000000000000000000001' };
const positions = demo.positions(wallet);
// The demo's prices (as in the Aave demo): WETH $3,150, USDC $1.
const PRICES: Record<string, number> = { WETH: 3150, USDC: 1 };

describe('the Compound demo positions', () => {
  it('sit in Ethereum’s USDC Comet and Arbitrum’s, each a Comet the exposure reads on that chain', () => {
    expect(positions.map(({ position }) => [position.chain, position.market])).toEqual([
      ['ethereum', 'comet-usdc'],
      ['arbitrum', 'comet-usdc-arbitrum'],
      ['arbitrum', 'comet-usdc-arbitrum'],
    ]);
    for (const { position, inputs } of positions) {
      expect(position.market).toBe(inputs.market);
      expect(COMET_MARKETS.find((market) => market.market === position.market)?.chain).toBe(position.chain);
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

  it('give the Arbitrum account the health factor its collateral and debt make, to two decimals', () => {
    const held = positions.filter(({ position }) => position.chain === 'arbitrum');
    const account = held[0]!.inputs.account!;
    expect(held.every(({ inputs }) => inputs.account === account)).toBe(true);
    const debt = held.filter(({ inputs }) => inputs.role === 'borrow').reduce((sum, { position }) => sum + position.valueUsd!, 0);
    expect(account.debtUsd).toBe(debt);
    expect(account.collateral.map((entry) => [entry.asset, entry.valueUsd])).toEqual(held.filter(({ position }) => position.collateral !== undefined).map(({ position }) => [position.asset, position.valueUsd]));
    const healthFactor = account.collateral.reduce((sum, entry) => sum + (entry.valueUsd * entry.liquidationThreshold) / 10_000, 0) / debt;
    expect(account.healthFactor).toBeCloseTo(healthFactor, 2);
    for (const { position } of held) expect(position.healthFactor).toBe(account.healthFactor);
  });

  it('state each APY as its APR compounded per second, to the tenth of a percent', () => {
    for (const { position, inputs } of positions) expect(position.apy).toBeCloseTo(aprToApy(inputs.apr!), 3);
  });
});
