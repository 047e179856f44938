/**
 * A rule change a proposal makes, in machine-readable form. Sources decode these from calldata,
 * messages, payload views or published diffs (verified: true) or from the body's parameter tables
 * (verified: false); the simulator checks each against the chain and turns them into impact.
 */
export interface ParameterChange {
  protocol: string;
  /** The market or pool the change applies to, when the protocol has several (`aave-v3-polygon`, `comet-usdc`, `staking module 1`). */
  market?: string;
  /** The asset symbol the change applies to; absent when the change is protocol-wide or category-wide. */
  asset?: string;
  /** The Aave eMode category a category-wide change (eModeLtv, eModeLiquidationThreshold, …) or an asset's membership change concerns. */
  eModeCategory?: number;
  /** Which rate curve a curve change moves, where a market has two (Comet's supply and borrow curves). */
  side?: 'supply' | 'borrow';
  parameter: ParameterName;
  from?: number | string;
  to: number | string;
  unit: ParameterUnit;
  /** Where the change was read: a calldata selector, a message type, a payload view, a table row. */
  evidence: string;
  verified: boolean;
}

/**
 * The parameters the simulator knows. Units, as sources emit them:
 * - bps: liquidationThreshold, ltv, liquidationBonus (the bonus alone: 500 = 5 %), reserveFactor,
 *   optimalUsage (tables), liquidationProtocolFee, the eMode ones;
 * - fraction: rates per year (supplyApr, borrowApr, baseRate, slope1, slope2; optimalUsage from
 *   calldata), fees as shares of rewards (rewardFee, moduleFee, treasuryFee, communityTax,
 *   withdrawalFee, depositFee, mevFee (the share of MEV tips taken before they reach stakers),
 *   minCommission, inflationMin, inflationMax);
 * - drops: reserveBase, reserveIncrement; tokens: caps, debtCeiling (USD for Aave);
 * - state: listing (frozen, delisted, deprecated, migrated, listed, offboarded), eModeCollateral
 *   (enabled, disabled), priceFeed (the new feed's address), amendment (its name; market: the part
 *   of an account whose rules it changes).
 */
export type ParameterName =
  | 'liquidationThreshold'
  | 'ltv'
  | 'liquidationBonus'
  | 'liquidationProtocolFee'
  | 'debtCeiling'
  | 'supplyApr'
  | 'borrowApr'
  | 'reserveFactor'
  | 'optimalUsage'
  | 'baseRate'
  | 'slope1'
  | 'slope2'
  | 'supplyCap'
  | 'borrowCap'
  | 'priceFeed'
  | 'eModeLtv'
  | 'eModeLiquidationThreshold'
  | 'eModeLiquidationBonus'
  | 'eModeCollateral'
  | 'rewardFee'
  | 'moduleFee'
  | 'treasuryFee'
  | 'withdrawalFee'
  | 'mevFee'
  | 'depositFee'
  | 'communityTax'
  | 'minCommission'
  | 'inflationMin'
  | 'inflationMax'
  | 'reserveBase'
  | 'reserveIncrement'
  | 'amendment'
  | 'listing';

export type ParameterUnit = 'bps' | 'fraction' | 'drops' | 'tokens' | 'state';

/**
 * The unit each parameter is kept in when nothing else says so (the what-if input's fractions are
 * converted to it). Sources may state optimalUsage as a fraction from calldata: the change's own
 * `unit` always wins.
 */
export const CANONICAL_UNIT: Readonly<Record<ParameterName, ParameterUnit>> = {
  liquidationThreshold: 'bps',
  ltv: 'bps',
  liquidationBonus: 'bps',
  liquidationProtocolFee: 'bps',
  debtCeiling: 'tokens',
  supplyApr: 'fraction',
  borrowApr: 'fraction',
  reserveFactor: 'bps',
  optimalUsage: 'bps',
  baseRate: 'fraction',
  slope1: 'fraction',
  slope2: 'fraction',
  supplyCap: 'tokens',
  borrowCap: 'tokens',
  priceFeed: 'state',
  eModeLtv: 'bps',
  eModeLiquidationThreshold: 'bps',
  eModeLiquidationBonus: 'bps',
  eModeCollateral: 'state',
  rewardFee: 'fraction',
  moduleFee: 'fraction',
  treasuryFee: 'fraction',
  withdrawalFee: 'fraction',
  mevFee: 'fraction',
  depositFee: 'fraction',
  communityTax: 'fraction',
  minCommission: 'fraction',
  inflationMin: 'fraction',
  inflationMax: 'fraction',
  reserveBase: 'drops',
  reserveIncrement: 'drops',
  amendment: 'state',
  listing: 'state',
};
