import type { Position } from '../contract/position.js';

/** One collateral of a lending account, with the reserve's own risk parameters. */
export interface LendingCollateral {
  asset: string;
  valueUsd: number;
  /** The reserve's own liquidation threshold (a two-curve market's liquidate collateral factor), bps. */
  liquidationThreshold: number;
  /** The reserve's own LTV (a two-curve market's borrow collateral factor), bps; absent where it was not read. */
  ltv?: number;
  /**
   * True when the account's eMode category sets this collateral's LT and LTV (the account is in a
   * category whose collateral bitmap has this reserve): reserve-level LT and LTV changes then do not
   * move it, the category's do (aave-v3-origin GenericLogic.calculateUserAccountData).
   */
  inEMode?: boolean;
  /** True when the account's eMode category zeroes this collateral's LTV (aave-v3-origin 3.6+: its bit in the category's ltvzero bitmap). */
  ltvzero?: boolean;
}

/**
 * How a lending pool zeroes an eMode collateral's LTV:
 * - `ownLtvZero` (aave-v3-core 3.0 to aave-v3-origin 3.5, and the v3.0 forks): a reserve whose own LTV is 0
 *   counts 0 inside eMode too (GenericLogic.calculateUserAccountData: `if (ltv != 0) avgLtv +=
 *   balance × (inEMode ? eModeLtv : ltv)`), and one whose own LT is 0 is no collateral at all, in
 *   eMode too (`if (liquidationThreshold != 0 && isUsingAsCollateral)` comes first);
 * - `ltvzeroBitmap` (aave-v3-origin 3.6+): the category's ltvzero bitmap does, and the reserve's own
 *   LTV and LT no longer matter in eMode (ValidationLogic.getUserReserveLtv; GenericLogic lost the
 *   LT gate). From 3.7 an isolated category also counts every collateral outside it at LTV 0.
 */
export type EModeLtvRule = 'ownLtvZero' | 'ltvzeroBitmap';

/** A lending account's state, shared by every position of one wallet in one market. */
export interface LendingAccount {
  market: string;
  /** Absent when the account has no debt: there is no health factor to move. */
  healthFactor?: number;
  debtUsd: number;
  /**
   * The account's eMode category, with the values that replace its members' LT and LTV (bps), and
   * how the pool zeroes a member's LTV (absent: `ownLtvZero`, the rule of every pool before
   * aave-v3-origin 3.6). `isolated` (aave-v3-origin 3.7+, `ltvzeroBitmap` pools; absent: false, as
   * a 3.6 pool's categories are): collateral outside the category counts at LTV 0, its LT unchanged
   * (ValidationLogic.getUserReserveLtv).
   */
  eMode?: { id: number; label?: string; ltv: number; liquidationThreshold: number; ltvRule?: EModeLtvRule; isolated?: boolean };
  collateral: LendingCollateral[];
}

/** A kinked rate curve: yearly rates as fractions, kink as a fraction of utilization. */
export interface RateCurve {
  kink: number;
  base: number;
  slopeLow: number;
  slopeHigh: number;
}

/**
 * How a market sets its rates from utilization, as read with the position. A one-curve market
 * derives the supply rate from the borrow rate (borrow × U × (1 − reserveFactor)); a two-curve
 * market has a supply curve of its own.
 */
export interface RateModel {
  /** Utilization at the moment read, a fraction. */
  utilization: number;
  borrow: RateCurve;
  supply?: RateCurve;
  /** Share of interest kept by the protocol, a fraction (one-curve markets). */
  reserveFactor?: number;
}

/**
 * Inputs only one protocol's calculators read (a staking module's fees, a ledger's reserve…). Each
 * module adds its own fields from its folder by declaration merging, so the shared simulator never
 * names them and a module's exposure and calculators still share one typed shape:
 *
 * @example declare module '../../domain/position.js' { interface ModuleInputs { ledgerReserve?: LedgerReserve } }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules (declaration merging).
export interface ModuleInputs {}

/** The inputs a simulator needs about one position, read in the same round trips as the position. */
export interface SimulatorInputs extends ModuleInputs {
  market?: string;
  role: 'supply' | 'borrow' | 'stake' | 'delegation' | 'balance' | 'lp';
  /** Absent when no honest USD price was read: effects are then stated in the asset's own units. */
  valueUsd?: number;
  /** Yearly rate the position earns (supply, stake, delegation: net of fees and commission) or pays (borrow), as a fraction. */
  apr?: number;
  /** Share of gross rewards the protocol keeps, as a fraction (a staking pool's fee, a chain's community tax). */
  rewardFee?: number;
  /** Reserve factor of the market, bps; it moves the supply rate only. */
  reserveFactor?: number;
  /** The market's rate model at the moment read, where governance sets it. */
  rateModel?: RateModel;
  account?: LendingAccount;
  /** A pool's fee on withdrawing (a share of what is withdrawn), charged once when leaving. */
  withdrawalFee?: number;
}

/** A position as an exposure component reads it: the wire Position and its simulator inputs. */
export interface ExposurePosition {
  position: Position;
  inputs: SimulatorInputs;
}
