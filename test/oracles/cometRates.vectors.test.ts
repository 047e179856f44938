import { encodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../shared/address/types.js';
import { configuratorAbi } from '../../shared/modules/compound/abi.js';
import { COMET_CONFIGURATOR } from '../../shared/modules/compound/addresses.js';
import { decodeActions } from '../../shared/modules/compound/decodeActions.js';
import { cometRates, type CometRateModel } from '../../shared/modules/compound/exposure/cometRates.js';
import { COMET_MARKETS } from '../../shared/modules/compound/exposure/markets.js';
import { positionsFromComet } from '../../shared/modules/compound/exposure/positionsFromComet.js';
import { simulateProposalInDetail } from '../support/simulator.js';
import { proposal } from '../simulate/fixtures.js';
import { type CometCurveConfig, FACTOR_SCALE, getRate, immutablesOf, SECONDS_PER_YEAR } from './cometRateReference.js';

/*
 * Comet's rate curve against values its makers published, then a proposal priced end to end
 * (calldata → decodeActions → a Comet position → the simulator) on the live USDC market's curve.
 * Sources, each named where used:
 * - [T] compound-finance/comet @ d5a30b0 test/interest-rate-test.ts: the contract run by Comet's own
 *   test suite, expected per-year rates with its tolerance of 1e8 wei (MINIMUM_PRECISION_WEI);
 * - [D] docs.compound.finance/interest-rates: "317100000 indicates, roughly, a 1% APR";
 * - [C] compound-finance/comet @ d5a30b0 deployments/mainnet/usdc/configuration.json "rates":
 *   supply kink 0.8, slopeLow 0.0325, slopeHigh 0.4, base 0; borrow kink 0.8, slopeLow 0.035,
 *   slopeHigh 0.25, base 0.015 (the curve cUSDCv3 was configured with).
 */

const wad = (text: string): bigint => {
  const [whole, part = ''] = text.split('.');
  return BigInt(whole!) * FACTOR_SCALE + BigInt(part.padEnd(18, '0'));
};
const curve = (kink: string, base: string, low: string, high: string): CometCurveConfig => ({ kink: wad(kink), perYearInterestRateBase: wad(base), perYearInterestRateSlopeLow: wad(low), perYearInterestRateSlopeHigh: wad(high) });
const yearly = (perSecond: bigint): bigint => perSecond * SECONDS_PER_YEAR;

describe('the reference against published values', () => {
  // [T] interestRateParams: supply kink 0.8, base 0, low 0.04, high 0.4; borrow kink 0.8, base 0.01, low 0.05, high 0.3.
  const supply = immutablesOf(curve('0.8', '0', '0.04', '0.4'));
  const borrow = immutablesOf(curve('0.8', '0.01', '0.05', '0.3'));
  it.each([
    ['0.1', '0.004', '0.015'],
    ['0.9', '0.072', '0.08'],
    ['0', '0', '0.01'],
  ])('[T] at utilization %s gives supply %s and borrow %s a year, within 1e8 wei', (u, supplyYear, borrowYear) => {
    const diff = (a: bigint, b: bigint) => (a > b ? a - b : b - a);
    expect(diff(yearly(getRate(supply, wad(u))), wad(supplyYear))).toBeLessThanOrEqual(10n ** 8n);
    expect(diff(yearly(getRate(borrow, wad(u))), wad(borrowYear))).toBeLessThanOrEqual(10n ** 8n);
  });

  it('[D] a flat 1 % a year is about 317,100,000 a second', () => {
    const flat = immutablesOf(curve('1', '0.01', '0', '0'));
    // 0.01e18 / 31,536,000 = 317,097,919 (truncated)
    expect(getRate(flat, wad('0.5'))).toBe(317_097_919n);
  });
});

/** [C] cUSDCv3's curve, as Comet's immutables. */
const USDC_SUPPLY = curve('0.8', '0', '0.0325', '0.4');
const USDC_BORROW = curve('0.8', '0.015', '0.035', '0.25');
const model = (supply: CometCurveConfig, borrow: CometCurveConfig): CometRateModel => {
  const asModel = (config: CometCurveConfig) => {
    const immutables = immutablesOf(config);
    return { kink: immutables.kink, base: immutables.perSecondInterestRateBase, slopeLow: immutables.perSecondInterestRateSlopeLow, slopeHigh: immutables.perSecondInterestRateSlopeHigh };
  };
  return { supply: asModel(supply), borrow: asModel(borrow) };
};

const wallet: Wallet = { kind: 'evm', address: '0x2f0EA53F92252167d658963f334a91de0824e322' };
const USDC_MARKET = COMET_MARKETS.find((market) => market.market === 'comet-usdc')!;
/** The USDC Comet's baseToken() and decimals() (compound-finance/comet deployments/mainnet/usdc/configuration.json). */
const USDC_BASE = { baseToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', baseSymbol: 'USDC', baseDecimals: 6 } as const;
const U = wad('0.9');
const usdcModel = model(USDC_SUPPLY, USDC_BORROW);
/** A wallet lending 10,000 USDC and another borrowing 10,000 USDC on cUSDCv3 at 90 % utilization. */
const positions = (role: 'supply' | 'borrow') =>
  positionsFromComet(
    [{ market: USDC_MARKET, ...USDC_BASE, supplied: role === 'supply' ? 10_000n * 10n ** 6n : 0n, borrowed: role === 'borrow' ? 10_000n * 10n ** 6n : 0n, basePrice: 10n ** 8n, ...cometRates(usdcModel, U), utilization: U, rateModel: usdcModel, collateral: [] }],
    wallet,
  );

/** The yearly rate a proposal of one Configurator call leaves the position at, priced by the simulator. */
function rateAfterProposal(functionName: 'setBorrowPerYearInterestRateSlopeHigh' | 'setSupplyKink', value: bigint, role: 'supply' | 'borrow') {
  const data = encodeFunctionData({ abi: configuratorAbi, functionName, args: [USDC_MARKET.comet as `0x${string}`, value] });
  const changes = decodeActions([{ target: COMET_CONFIGURATOR, value: 0n, signature: '', calldata: data }]);
  const detail = simulateProposalInDetail(proposal(changes, { protocol: 'compound', id: 'compound-oracle' }), positions(role));
  return detail?.effects.find((effect) => effect.yearly)?.yearly;
}

describe('a Comet curve proposal on cUSDCv3 at 90 % utilization [C]', () => {
  it('prices a borrow slopeHigh 0.25 → 0.35 as 6.80 % → 7.80 %, as getBorrowRate gives', () => {
    // 0.015 + 0.035 × 0.8 + 0.25 × 0.1 = 0.068; with 0.35: 0.078.
    const after = immutablesOf({ ...USDC_BORROW, perYearInterestRateSlopeHigh: wad('0.35') });
    const yearlyRate = rateAfterProposal('setBorrowPerYearInterestRateSlopeHigh', wad('0.35'), 'borrow');
    expect(yearlyRate?.aprBefore).toBeCloseTo(0.068, 6);
    expect(yearlyRate?.aprAfter).toBeCloseTo(0.078, 6);
    expect(yearlyRate?.aprAfter).toBe((Number(getRate(after, U)) / 1e18) * 31_536_000);
  });

  it('prices a supply kink 0.80 → 0.85 as 6.60 % → 4.76 %, as getSupplyRate gives', () => {
    // 0.0325 × 0.8 + 0.4 × 0.1 = 0.066; kink 0.85: 0.0325 × 0.85 + 0.4 × 0.05 = 0.047625.
    const after = immutablesOf({ ...USDC_SUPPLY, kink: wad('0.85') });
    const yearlyRate = rateAfterProposal('setSupplyKink', wad('0.85'), 'supply');
    expect(yearlyRate?.aprBefore).toBeCloseTo(0.066, 6);
    expect(yearlyRate?.aprAfter).toBeCloseTo(0.047625, 6);
    expect(yearlyRate?.aprAfter).toBe((Number(getRate(after, U)) / 1e18) * 31_536_000);
  });
});
