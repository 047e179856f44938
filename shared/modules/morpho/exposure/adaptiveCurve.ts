import { SECONDS_PER_YEAR } from '../../../domain/rates.js';
import { toAssetsDown, WAD } from './blueMath.js';

/*
 * The AdaptiveCurveIrm's curve and a Morpho Blue market's supply rate, in integers as the contracts
 * round them. Sources: morpho-org/morpho-blue-irm src/adaptive-curve-irm/AdaptiveCurveIrm.sol
 * @10be2221 (_borrowRate, _curve) and libraries/MathLib.sol (wMulToZero, wDivToZero: signed,
 * rounded toward zero, which is how BigInt division rounds too); the constants as
 * src/libraries/adaptive-curve/ConstantsLib.sol @ba2caaac states them (CURVE_STEEPNESS 4 ether,
 * TARGET_UTILIZATION 0.9 ether, INITIAL_RATE_AT_TARGET 0.04 ether / 365 days); morpho-org/morpho-blue
 * src/Morpho.sol _accrueInterest (interest on totalBorrowAssets; the market's fee is a share of it)
 * and src/libraries/MathLib.sol (wDivDown, wMulDown). Every rate here is per second, WAD.
 */

export const CURVE_STEEPNESS = 4n * WAD;
export const TARGET_UTILIZATION = (9n * WAD) / 10n;
/** ConstantsLib: int256(0.04 ether) / 365 days — what the IRM uses for a market it has never seen. */
export const INITIAL_RATE_AT_TARGET = (4n * WAD) / 100n / 31_536_000n;

const wMulToZero = (x: bigint, y: bigint): bigint => (x * y) / WAD;
const wDivToZero = (x: bigint, y: bigint): bigint => (x * WAD) / y;

/** totalBorrowAssets.wDivDown(totalSupplyAssets), 0 for an empty market (AdaptiveCurveIrm._borrowRate). Pure. */
export const utilization = (totalBorrowAssets: bigint, totalSupplyAssets: bigint): bigint => (totalSupplyAssets > 0n ? (totalBorrowAssets * WAD) / totalSupplyAssets : 0n);

/**
 * The borrow rate the curve gives at `rateAtTarget` and the utilization: ((C − 1)·err + 1)·r above
 * the target, ((1 − 1/C)·err + 1)·r below, err being the distance to the target normalised to
 * [−1, 1] (AdaptiveCurveIrm._curve). The stored rateAtTarget is the one of the market's last
 * update: the adaptation since then (at most 50 × err a year, ADJUSTMENT_SPEED) is not applied, so
 * this is the rate as of that update, as a market's own `market()` totals are. Pure.
 *
 * @example curveBorrowRate(r, 9n * 10n ** 17n) // r: at the target the rate is the rate at target
 */
export function curveBorrowRate(rateAtTarget: bigint, utilizationWad: bigint): bigint {
  const errNormFactor = utilizationWad > TARGET_UTILIZATION ? WAD - TARGET_UTILIZATION : TARGET_UTILIZATION;
  const err = wDivToZero(utilizationWad - TARGET_UTILIZATION, errNormFactor);
  const coeff = err < 0n ? WAD - wDivToZero(WAD, CURVE_STEEPNESS) : CURVE_STEEPNESS - WAD;
  // A market the IRM has never updated reads 0: the IRM then starts from INITIAL_RATE_AT_TARGET.
  const atTarget = rateAtTarget === 0n ? INITIAL_RATE_AT_TARGET : rateAtTarget;
  return wMulToZero(wMulToZero(coeff, err) + WAD, atTarget);
}

/** One Blue market as the vault's rate needs it: its totals, its fee, the vault's supply shares and its borrow rate. */
export interface SuppliedMarket {
  totalSupplyAssets: bigint;
  totalSupplyShares: bigint;
  totalBorrowAssets: bigint;
  /** The market's fee, WAD (a share of the interest, at most 25 %). */
  fee: bigint;
  /** position(id, vault).supplyShares. */
  vaultSupplyShares: bigint;
  /** Per second, WAD; undefined when it is not known (an IRM this module cannot compute, a read that failed). */
  borrowRate: bigint | undefined;
}

/**
 * What suppliers earn per second: the borrowers' interest spread over the supply, less the
 * market's fee — borrowRate × utilization × (1 − fee). Blue rounds the interest down and the fee
 * taken from it down (wMulDown), so suppliers keep interest − ⌊interest × fee⌋. Pure.
 */
export function supplyRate(borrowRate: bigint, utilizationWad: bigint, fee: bigint): bigint {
  const interest = (borrowRate * utilizationWad) / WAD;
  return interest - (interest * fee) / WAD;
}

/**
 * A MetaMorpho vault's gross rate: the supply rate of each market in its withdraw queue, weighted
 * by what the vault supplies there (its shares in assets, rounded down as SharesMathLib does).
 * v1.0's totalAssets is exactly that sum; v1.1 adds its lostAssets, which earn nothing and are not
 * read here. Undefined when the vault supplies nothing, or supplies to a market whose rate is not
 * known: a partial mean would be a number the chain never gave. Pure.
 */
export function vaultGrossRate(markets: readonly SuppliedMarket[]): bigint | undefined {
  let supplied = 0n;
  let earning = 0n;
  for (const market of markets) {
    const assets = toAssetsDown(market.vaultSupplyShares, market.totalSupplyAssets, market.totalSupplyShares);
    if (assets === 0n) continue;
    if (market.borrowRate === undefined) return undefined;
    supplied += assets;
    earning += assets * supplyRate(market.borrowRate, utilization(market.totalBorrowAssets, market.totalSupplyAssets), market.fee);
  }
  return supplied === 0n ? undefined : earning / supplied;
}

/**
 * What the vault's depositors earn: the gross rate less the vault's own fee, which
 * MetaMorpho._accruedFeeShares takes as ⌊interest × fee⌋ (mulDiv, rounded down). Pure.
 */
export const vaultNetRate = (gross: bigint, vaultFee: bigint): bigint => gross - (gross * vaultFee) / WAD;

/**
 * A per-second WAD rate as the yearly rate the simulator's `apr` is: × 365 days (the year of
 * ConstantsLib and of SECONDS_PER_YEAR), NOT compounded, like every module's `apr`; the position's
 * `apy` compounds it (aprToApy), as Blue compounds interest at each accrual. Pure.
 *
 * @example yearlyRate(1_585_489_599n) // ≈ 0.05
 */
export const yearlyRate = (perSecond: bigint): number => Number(perSecond * BigInt(SECONDS_PER_YEAR)) / 1e18;
