import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { cometRatesAfter } from '../../../shared/modules/compound/cometCurve.js';
import { cometRates, type CometRateModel, perSecondToApr } from '../../../shared/modules/compound/exposure/cometRates.js';
import { COMET_MARKETS } from '../../../shared/modules/compound/exposure/markets.js';
import { cometLendingAccount, positionsFromComet } from '../../../shared/modules/compound/exposure/positionsFromComet.js';
import type { CometAccountRead } from '../../../shared/modules/compound/exposure/readCometAccounts.js';

/* The simulator's inputs from a Comet account: collateral LTVs, accounts without debt, rate models. Hand-made reads. */

const wallet: Wallet = { kind: 'evm', address: '0x2f0EA53F92252167d658963f334a91de0824e322' };
const usdcMarket = COMET_MARKETS[0]!;
const WETH = getAddress('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2');

// Per-second factors (1e18 scale): kinks at 90 %; supply 0 + 1.5e9·u, borrow 3e8 + 1.5e9·u, 1e11 past the kink.
const model: CometRateModel = {
  supply: { kink: 9n * 10n ** 17n, base: 0n, slopeLow: 1_500_000_000n, slopeHigh: 100_000_000_000n },
  borrow: { kink: 9n * 10n ** 17n, base: 300_000_000n, slopeLow: 1_500_000_000n, slopeHigh: 100_000_000_000n },
};

/** A read as readCometAccounts gives it: the rates worked out from the model at the utilization. */
function readAt(utilization: bigint, overrides: Partial<CometAccountRead>): CometAccountRead {
  return { market: usdcMarket, baseToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', baseSymbol: 'USDC', baseDecimals: 6, supplied: 0n, borrowed: 0n, basePrice: 10n ** 8n, ...cometRates(model, utilization), utilization, rateModel: model, collateral: [], ...overrides };
}

/** 2 WETH at $3,000, LCF 0.90, BCF 0.83. */
const weth = { asset: WETH, symbol: 'WETH', scale: 10n ** 18n, balance: 2n * 10n ** 18n, price: 3000n * 10n ** 8n, liquidateCollateralFactor: 9n * 10n ** 17n, borrowCollateralFactor: 83n * 10n ** 16n };


describe('Comet collateral in the lending account', () => {
  it('carries the borrow collateral factor as the LTV, in bps', () => {
    // 0.83e18 / 1e14 = 8300 bps; the liquidate CF 0.90e18 gives the threshold 9000.
    const account = cometLendingAccount(readAt(5n * 10n ** 17n, { borrowed: 1_000n * 10n ** 6n, collateral: [weth] }))!;
    expect(account.collateral).toEqual([{ asset: 'WETH', valueUsd: 6000, liquidationThreshold: 9000, ltv: 8300 }]);
  });

  it('keeps an account for collateral without a borrow, with no health factor and no debt', () => {
    const account = cometLendingAccount(readAt(5n * 10n ** 17n, { collateral: [weth] }));
    expect(account).toEqual({ market: 'comet-usdc', debtUsd: 0, collateral: [{ asset: 'WETH', valueUsd: 6000, liquidationThreshold: 9000, ltv: 8300 }] });
    expect(account).not.toHaveProperty('healthFactor');
  });

  it('puts that account on the collateral position and no health factor on the position', () => {
    const [only] = positionsFromComet([readAt(5n * 10n ** 17n, { collateral: [weth] })], wallet);
    expect(only!.position.id).toBe('comet-usdc-weth-collateral');
    expect(only!.position).not.toHaveProperty('healthFactor');
    expect(only!.inputs.account).toMatchObject({ market: 'comet-usdc', debtUsd: 0 });
  });

  it('gives no account to a wallet with neither collateral nor debt', () => {
    expect(cometLendingAccount(readAt(5n * 10n ** 17n, { supplied: 10n ** 6n }))).toBeUndefined();
  });
});

describe('the rate curves on base positions', () => {
  it('carries both curves and the utilization in Comet’s own integers, never as the lending pools’ rate model', () => {
    const [supply] = positionsFromComet([readAt(5n * 10n ** 17n, { supplied: 1_000n * 10n ** 6n })], wallet);
    expect(supply!.inputs.cometRates).toEqual({
      utilization: '500000000000000000',
      supply: { kink: '900000000000000000', base: '0', slopeLow: '1500000000', slopeHigh: '100000000000' },
      borrow: { kink: '900000000000000000', base: '300000000', slopeLow: '1500000000', slopeHigh: '100000000000' },
    });
    expect(supply!.inputs).not.toHaveProperty('rateModel');
  });

  it('reproduces the supply position’s current rate from its supply curve below the kink', () => {
    // 1.5e9 × 0.5 = 7.5e8 per second → 7.5e8 / 1e18 × 31,536,000 = 0.023652 a year.
    const [supply] = positionsFromComet([readAt(5n * 10n ** 17n, { supplied: 1_000n * 10n ** 6n })], wallet);
    const { cometRates: curves, apr } = supply!.inputs;
    expect(apr).toBeCloseTo(0.023652, 12);
    expect(perSecondToApr(cometRatesAfter(curves!, [], 'supply')!.before)).toBe(apr);
  });

  it('reproduces the borrow position’s current rate from its borrow curve past the kink', () => {
    // 3e8 + 1.5e9 × 0.9 + 1e11 × 0.05 = 6.65e9 per second → × 31,536,000 / 1e18 = 0.2097144 a year.
    const [borrow] = positionsFromComet([readAt(95n * 10n ** 16n, { borrowed: 1_000n * 10n ** 6n, collateral: [weth] })], wallet);
    const { cometRates: curves, apr, role } = borrow!.inputs;
    expect(role).toBe('borrow');
    expect(apr).toBeCloseTo(0.2097144, 12);
    expect(perSecondToApr(cometRatesAfter(curves!, [], 'borrow')!.before)).toBe(apr);
  });

  it('leaves the curves off collateral, which earns nothing in Comet', () => {
    const rows = positionsFromComet([readAt(5n * 10n ** 17n, { borrowed: 1_000n * 10n ** 6n, collateral: [weth] })], wallet);
    expect(rows.find((row) => row.position.id === 'comet-usdc-weth-collateral')!.inputs).not.toHaveProperty('cometRates');
  });
});
