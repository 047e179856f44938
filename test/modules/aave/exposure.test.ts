import { type Address, getAddress, maxUint256 } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { aaveExposure } from '../../../shared/modules/aave/exposure/aaveExposure.js';
import { effectiveLiquidationThreshold, positionsFromAave } from '../../../shared/modules/aave/exposure/positionsFromAave.js';
import { aprToApy, rayToApr } from '../../../shared/modules/aave/exposure/rates.js';
import { type AaveAccountRead, type AaveReserveRead, touchedReserves } from '../../../shared/modules/aave/exposure/readAaveAccount.js';
import { healthFactorAfter } from '../../../shared/simulate/healthFactorAfter.js';
import { itRejectsOnEthereumFaults } from '../../exposure/evmFaults.js';
import { useReplay } from '../../upstream/replayHarness.js';

const replay = useReplay();
const wallet: Wallet = { kind: 'evm', address: '0x2f0EA53F92252167d658963f334a91de0824e322' };
const WETH = getAddress('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2');
const USDC = getAddress('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
const WSTETH = getAddress('0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0');

describe('touchedReserves (UserConfiguration: bit 2·id borrowing, bit 2·id+1 collateral)', () => {
  const list: Address[] = [WETH, WSTETH, getAddress('0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599'), USDC];

  it('keeps the reserves with either bit set, with their ids', () => {
    // WETH collateral (bit 1), USDC borrowed (bit 6).
    expect(touchedReserves((1n << 1n) | (1n << 6n), list)).toEqual([
      { asset: WETH, id: 0 },
      { asset: USDC, id: 3 },
    ]);
  });

  it('is empty for an account that never used the pool', () => {
    expect(touchedReserves(0n, list)).toEqual([]);
  });
});

describe('rates (positions.md §1.6)', () => {
  it('reads a ray APR as a fraction', () => {
    expect(rayToApr(42_100_000_000_000_000_000_000_000n)).toBeCloseTo(0.0421, 12);
  });

  it('compounds per second: APY = (1 + APR/31,536,000)^31,536,000 − 1, close to e^APR − 1', () => {
    expect(aprToApy(0.0421)).toBeCloseTo(Math.exp(0.0421) - 1, 8);
    expect(aprToApy(0)).toBe(0);
  });
});

const reserve = (overrides: Partial<AaveReserveRead>): AaveReserveRead => ({
  asset: WETH,
  id: 0,
  symbol: 'WETH',
  decimals: 18,
  liquidationThreshold: 8300,
  reserveFactor: 1500,
  aTokenBalance: 0n,
  variableDebt: 0n,
  usageAsCollateral: false,
  liquidityRate: 0n,
  variableBorrowRate: 0n,
  price: 0n,
  ...overrides,
});

describe('positionsFromAave', () => {
  // positions.md §1.3's example: 10 WETH at $3,000 with LT 8300 and $20,000 of debt: HF 1.245.
  const weth = reserve({ aTokenBalance: 10n * 10n ** 18n, usageAsCollateral: true, price: 3000n * 10n ** 8n, liquidityRate: 2n * 10n ** 25n });
  const usdc = reserve({ asset: USDC, id: 3, symbol: 'USDC', decimals: 6, liquidationThreshold: 7800, reserveFactor: 1000, variableDebt: 20_000n * 10n ** 6n, price: 10n ** 8n, variableBorrowRate: 5n * 10n ** 25n });
  const read: AaveAccountRead = {
    blockNumber: 1n,
    totalCollateralBase: 30_000n * 10n ** 8n,
    totalDebtBase: 20_000n * 10n ** 8n,
    healthFactor: 1_245_000_000_000_000_000n,
    reserves: [weth, usdc],
  };

  it('gives one supply and one borrow, with the account the simulator moves', () => {
    const positions = positionsFromAave(read, wallet);
    expect(positions.map(({ position }) => position.id)).toEqual(['aave-v3-ethereum-weth-supply', 'aave-v3-ethereum-usdc-borrow']);
    const [supply, borrow] = positions;
    expect(supply!.position).toMatchObject({ protocol: 'aave', asset: 'WETH', amount: '10', collateral: '10', valueUsd: 30_000, healthFactor: 1.245 });
    expect(borrow!.position).toMatchObject({ asset: 'USDC', amount: '20000', debt: '20000', valueUsd: 20_000 });
    expect(supply!.inputs).toMatchObject({ market: 'aave-v3-ethereum', role: 'supply', apr: 0.02, reserveFactor: 1500 });
    expect(borrow!.inputs).toMatchObject({ role: 'borrow', apr: 0.05, reserveFactor: 1000 });
    expect(supply!.inputs.account).toEqual({
      market: 'aave-v3-ethereum',
      healthFactor: 1.245,
      debtUsd: 20_000,
      collateral: [{ asset: 'WETH', valueUsd: 30_000, liquidationThreshold: 8300 }],
    });
    // And the simulator's §1.3 example follows from it: LT 8300 → 8000 gives HF 1.20.
    expect(healthFactorAfter(supply!.inputs.account!, 'WETH', 8000)).toBeCloseTo(1.2, 10);
  });

  it('uses the eMode LT for a collateral in the category bitmap, the reserve LT otherwise', () => {
    const eMode = { id: 1, liquidationThreshold: 9500, collateralBitmap: 1n << 1n };
    expect(effectiveLiquidationThreshold(reserve({ id: 1, liquidationThreshold: 8100 }), eMode)).toBe(9500);
    expect(effectiveLiquidationThreshold(reserve({ id: 0, liquidationThreshold: 8300 }), eMode)).toBe(8300);
    expect(effectiveLiquidationThreshold(reserve({ id: 1, liquidationThreshold: 8100 }), undefined)).toBe(8100);
  });

  it('has no health factor and no account without debt, and no collateral field for a supply not used as collateral', () => {
    const idle = reserve({ aTokenBalance: 10n ** 18n, price: 3000n * 10n ** 8n });
    const [only, ...rest] = positionsFromAave({ ...read, totalDebtBase: 0n, healthFactor: maxUint256, reserves: [idle] }, wallet);
    expect(rest).toEqual([]);
    expect(only!.position.healthFactor).toBeUndefined();
    expect(only!.position.collateral).toBeUndefined();
    expect(only!.inputs.account).toBeUndefined();
  });
});

describe('aave exposure on the replay server', () => {
  itRejectsOnEthereumFaults(replay, aaveExposure, wallet);
});
