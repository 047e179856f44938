import fc from 'fast-check';
import { expect } from 'vitest';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import { v4DrawnUsage, v4SupplyApr, v4SupplyShareOfDrawnRate } from '../../../shared/modules/aave/v4/supplyRate.js';
import { v4SupplyRateCalculator } from '../../../shared/modules/aave/v4/supplyRateCalculator.js';
import type { Oracle } from './oracleChain.js';

const RAY = 10n ** 27n;
const YEAR = 365n * 24n * 3600n;

/** An IHub.Asset as the hub stores it (aave-v4 v0.5.11), SYNTHETIC, with the age of its last accrual. */
export interface HubAssetState {
  liquidity: bigint;
  realizedFees: bigint;
  addedShares: bigint;
  swept: bigint;
  premiumOffsetRay: bigint;
  drawnShares: bigint;
  premiumShares: bigint;
  liquidityFee: number;
  drawnIndex: bigint;
  drawnRate: bigint;
  deficitRay: bigint;
  /** Seconds since the last accrual. */
  elapsed: bigint;
}

/** What AssetLogic answered: added assets and the value of ORACLE_SHARES, now and a year on. */
export interface YearAnswer {
  addedNow: bigint;
  addedLater: bigint;
  valueNow: bigint;
  valueLater: bigint;
}

/** Shares whose value is asked: many, so that the floor of toAddedAssetsDown is far below the growth. */
export const ORACLE_SHARES = 10n ** 30n;

/**
 * Generated hub assets: drawn and premium shares up to 1e30 (none drawn in some), an index up to
 * 3 RAY, a premium offset at an earlier index less what was restored, deficit, swept and
 * unminted fees, a drawn rate up to 500 %, any liquidity fee, and an accrual up to a year old.
 */
export const hubAsset: fc.Arbitrary<HubAssetState> = fc
  .record({
    drawnShares: fc.oneof({ arbitrary: fc.constant(0n), weight: 1 }, { arbitrary: fc.bigInt(1n, 10n ** 30n), weight: 9 }),
    premiumPart: fc.integer({ min: 0, max: 100 }),
    drawnIndex: fc.bigInt(RAY, 3n * RAY),
    openedAt: fc.double({ min: 0, max: 1, noNaN: true }),
    restored: fc.double({ min: 0, max: 1, noNaN: true }),
    liquidity: fc.bigInt(0n, 10n ** 30n),
    swept: fc.oneof(fc.constant(0n), fc.bigInt(0n, 10n ** 28n)),
    deficit: fc.oneof(fc.constant(0n), fc.bigInt(0n, 10n ** 26n)),
    feesPart: fc.double({ min: 0, max: 0.01, noNaN: true }),
    addedShares: fc.bigInt(10n ** 6n, 10n ** 30n),
    liquidityFee: fc.integer({ min: 0, max: 10_000 }),
    drawnRate: fc.oneof({ arbitrary: fc.constant(0n), weight: 1 }, { arbitrary: fc.bigInt(0n, 5n * RAY), weight: 9 }),
    elapsed: fc.oneof(fc.constant(0n), fc.bigInt(0n, YEAR)),
  })
  .map((draw) => {
    const premiumShares = (draw.drawnShares * BigInt(draw.premiumPart)) / 100n;
    // Never above today's index (a double may round up): the premium owed is never negative.
    const earlier = RAY + BigInt(Math.floor(Number(draw.drawnIndex - RAY) * draw.openedAt));
    const openedIndex = earlier < draw.drawnIndex ? earlier : draw.drawnIndex;
    const offset = premiumShares * openedIndex;
    return {
      liquidity: draw.liquidity,
      realizedFees: BigInt(Math.floor(Number(draw.liquidity) * draw.feesPart)),
      addedShares: draw.addedShares,
      swept: draw.swept,
      premiumOffsetRay: offset - BigInt(Math.floor(Number(offset) * draw.restored * 0.5)),
      drawnShares: draw.drawnShares,
      premiumShares,
      liquidityFee: draw.liquidityFee,
      drawnIndex: draw.drawnIndex,
      drawnRate: draw.drawnRate,
      deficitRay: draw.deficit * RAY,
      elapsed: draw.elapsed,
    };
  });

const ZERO = '0x0000000000000000000000000000000000000000';

/** AssetLogic on the state: added assets and the shares' value now and a year on (AaveV4HubOracle.overAYear). */
export async function overAYear(chain: Oracle, state: HubAssetState): Promise<YearAnswer> {
  const asset = {
    liquidity: state.liquidity,
    realizedFees: state.realizedFees,
    decimals: 18,
    addedShares: state.addedShares,
    swept: state.swept,
    premiumOffsetRay: state.premiumOffsetRay,
    drawnShares: state.drawnShares,
    premiumShares: state.premiumShares,
    liquidityFee: state.liquidityFee,
    drawnIndex: state.drawnIndex,
    drawnRate: state.drawnRate,
    lastUpdateTimestamp: 0,
    underlying: ZERO,
    irStrategy: ZERO,
    reinvestmentController: ZERO,
    feeReceiver: ZERO,
    deficitRay: state.deficitRay,
  };
  const { result } = await chain.client.simulateContract({ address: chain.address, abi: chain.abi, functionName: 'overAYear', args: [asset, state.elapsed, ORACLE_SHARES] });
  const [addedNow, addedLater, valueNow, valueLater] = result as readonly [bigint, bigint, bigint, bigint];
  return { addedNow, addedLater, valueNow, valueLater };
}

const SCALE = 10n ** 18n;
const ratio = (growth: bigint, base: bigint): number => Number((growth * SCALE) / base) / 1e18;

/**
 * Our supply rate (v4SupplyApr, from the stored asset and the hub's added assets now) against what
 * the hub's own accounting does over the year: the growth of its added assets over what a share is
 * worth (added assets + the 1e6 virtual assets), and the growth of a holder's shares' value. The
 * hub rounds the index up (rayMulUp: up to one unit of RAY on each of the drawn and premium
 * shares), the owed amounts up and the fee down, so the two may differ by
 * ((drawnShares + premiumShares) / RAY + 4) units of the asset over the year; beyond that, 1e-12
 * of the rate (doubles).
 */
export function checkSupplyApr(state: HubAssetState, answer: YearAnswer): void {
  const ours = v4SupplyApr(state, answer.addedNow);
  const base = answer.addedNow + 10n ** 6n;
  const rounding = Number((state.drawnShares + state.premiumShares) / RAY + 4n) / Number(base);
  const hub = ratio(answer.addedLater - answer.addedNow, base);
  expect(Math.abs(ours - hub)).toBeLessThanOrEqual(rounding + 1e-12 * hub);
  const holder = ratio(answer.valueLater - answer.valueNow, answer.valueNow);
  expect(Math.abs(ours - holder)).toBeLessThanOrEqual(rounding + 1e-12 * holder + Number(SCALE / answer.valueNow) / 1e18);
}

/** A new liquidity fee for each generated asset, any from 0 to 100 %. */
export const feeAfter: fc.Arbitrary<number> = fc.integer({ min: 0, max: 10_000 });

/**
 * The hub's answer just after its liquidity fee moves to `fee`: Hub.updateAssetConfig accrues the
 * asset first (nothing left pending, so `elapsed` 0) and then stores the fee; AssetLogic then
 * keeps the new fee's share of every later accrual.
 */
export const afterFeeState = (state: HubAssetState, fee: number): HubAssetState => ({ ...state, liquidityFee: fee, elapsed: 0n });

/**
 * v4SupplyRateCalculator's supply rate after a liquidity fee change (UpdateAssetConfig) to `fee`,
 * from the rate at the old fee on the same asset just accrued, against what the hub's accounting
 * does over the year at the new fee (`answer`: overAYear on afterFeeState). The same roundings as
 * checkSupplyApr, plus the old rate's last digit (v4SupplyApr gives 18 decimals) scaled by the
 * fee's ratio. Where the hub kept all the interest before, no rate after is given.
 */
export function checkSupplyAprAfterFee(state: HubAssetState, fee: number, answer: YearAnswer): void {
  const before = { ...state, elapsed: 0n };
  const apr = v4SupplyApr(before, answer.addedNow);
  const change: ParameterChange = { protocol: 'aave', market: 'aave-v4-ethereum-main', parameter: 'v4LiquidityFee', to: fee, unit: 'bps', evidence: 'UpdateAssetConfig', verified: true };
  const inputs = { role: 'supply' as const, apr, aaveV4Rate: { drawnRate: Number(state.drawnRate) / 1e27, shareOfDrawnRate: v4SupplyShareOfDrawnRate(before, answer.addedNow), usage: v4DrawnUsage(before), liquidityFee: state.liquidityFee } };
  const after = v4SupplyRateCalculator.rateAfter!(apr, [change], inputs);
  if (state.liquidityFee === 10_000) {
    expect(after).toBeUndefined();
    return;
  }
  const { hub, tolerance } = supplyAprTolerance(state, fee, answer);
  expect(Math.abs(after! - hub)).toBeLessThanOrEqual(tolerance);
}

/**
 * The hub's supply rate at the new fee (its added assets' growth over a year, `answer` of
 * overAYear on afterFeeState) and how far a rate priced from the old one may be from it: the
 * roundings of checkSupplyApr, plus the old rate's last digit (v4SupplyApr gives 18 decimals)
 * scaled by the fee's ratio.
 */
export function supplyAprTolerance(state: HubAssetState, fee: number, answer: YearAnswer): { hub: number; tolerance: number } {
  const base = answer.addedNow + 10n ** 6n;
  const rounding = Number((state.drawnShares + state.premiumShares) / RAY + 4n) / Number(base);
  const hub = ratio(answer.addedLater - answer.addedNow, base);
  const lastDigit = (1e-18 * (10_000 - fee)) / (10_000 - state.liquidityFee);
  return { hub, tolerance: rounding + 1e-12 * hub + lastDigit };
}

/** A rate strategy's RateData in bps, as setInterestRateData accepts it (optimal 1–99 %, the three rates summing to at most 1,000 %). */
export interface RateData {
  optimalUsageRatio: number;
  baseDrawnRate: number;
  rateGrowthBeforeOptimal: number;
  rateGrowthAfterOptimal: number;
}

export const rateData: fc.Arbitrary<RateData> = fc
  .record({ optimalUsageRatio: fc.integer({ min: 100, max: 9_900 }), baseDrawnRate: fc.integer({ min: 0, max: 2_000 }), rateGrowthBeforeOptimal: fc.integer({ min: 0, max: 3_000 }), rateGrowthAfterOptimal: fc.integer({ min: 0, max: 95_000 }) })
  .filter((data) => data.baseDrawnRate + data.rateGrowthBeforeOptimal + data.rateGrowthAfterOptimal <= 100_000);

/** The drawn rate (RAY a year) the hub stores for the asset under `data` (AaveV4HubOracle.drawnRateUnder: AssetLogic.updateDrawnRate → AssetInterestRateStrategy). */
export async function drawnRateUnder(chain: Oracle, state: HubAssetState, data: RateData): Promise<bigint> {
  const asset = { liquidity: state.liquidity, realizedFees: state.realizedFees, decimals: 18, addedShares: state.addedShares, swept: state.swept, premiumOffsetRay: state.premiumOffsetRay, drawnShares: state.drawnShares, premiumShares: state.premiumShares, liquidityFee: state.liquidityFee, drawnIndex: state.drawnIndex, drawnRate: state.drawnRate, lastUpdateTimestamp: 0, underlying: ZERO, irStrategy: ZERO, reinvestmentController: ZERO, feeReceiver: ZERO, deficitRay: state.deficitRay };
  const { result } = await chain.client.simulateContract({ address: chain.address, abi: chain.abi, functionName: 'drawnRateUnder', args: [asset, data] });
  return result as bigint;
}

/** A spoke position's debt shares (ISpoke.UserPosition), SYNTHETIC: premium shares a share of the drawn ones, the offset at an earlier index less what was restored. */
export interface UserDebtState {
  drawnShares: bigint;
  premiumShares: bigint;
  premiumOffsetRay: bigint;
}

/** A hub asset and a position drawing on it. */
export const debtOnAsset: fc.Arbitrary<{ asset: HubAssetState; user: UserDebtState }> = fc
  .record({ asset: hubAsset, drawnShares: fc.bigInt(10n ** 6n, 10n ** 30n), premiumPart: fc.integer({ min: 0, max: 100 }), openedAt: fc.double({ min: 0, max: 1, noNaN: true }), restored: fc.double({ min: 0, max: 1, noNaN: true }) })
  .map(({ asset, drawnShares, premiumPart, openedAt, restored }) => {
    const premiumShares = (drawnShares * BigInt(premiumPart)) / 100n;
    const earlier = RAY + BigInt(Math.floor(Number(asset.drawnIndex - RAY) * openedAt));
    const offset = premiumShares * (earlier < asset.drawnIndex ? earlier : asset.drawnIndex);
    // The position's shares are part of the hub's (a hub with none drawn does not accrue).
    const onHub = { ...asset, drawnShares: asset.drawnShares + drawnShares, premiumShares: asset.premiumShares + premiumShares };
    return { asset: onHub, user: { drawnShares, premiumShares, premiumOffsetRay: offset - BigInt(Math.floor(Number(offset) * restored * 0.5)) } };
  });

/** The position's drawn and premium debt (ray) now and a year on (AaveV4HubOracle.debtOverAYear: UserPositionUtils.getDebt at AssetLogic's index). */
export async function debtOverAYear(chain: Oracle, state: HubAssetState, user: UserDebtState): Promise<readonly [bigint, bigint, bigint, bigint]> {
  const asset = { liquidity: state.liquidity, realizedFees: state.realizedFees, decimals: 18, addedShares: state.addedShares, swept: state.swept, premiumOffsetRay: state.premiumOffsetRay, drawnShares: state.drawnShares, premiumShares: state.premiumShares, liquidityFee: state.liquidityFee, drawnIndex: state.drawnIndex, drawnRate: state.drawnRate, lastUpdateTimestamp: 0, underlying: ZERO, irStrategy: ZERO, reinvestmentController: ZERO, feeReceiver: ZERO, deficitRay: state.deficitRay };
  const { result } = await chain.client.simulateContract({ address: chain.address, abi: chain.abi, functionName: 'debtOverAYear', args: [asset, state.elapsed, { ...user, suppliedShares: 0n, dynamicConfigKey: 0 }] });
  return result as readonly [bigint, bigint, bigint, bigint];
}
