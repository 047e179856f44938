import type { Position } from '../contract/position.js';

/** One collateral of a lending account, with the reserve's own risk parameters. */
export interface LendingCollateral {
  asset: string;
  valueUsd: number;
  /** The reserve's own liquidation threshold (Comet: liquidate collateral factor), bps. */
  liquidationThreshold: number;
  /** The reserve's own LTV (Comet: borrow collateral factor), bps; absent where it was not read. */
  ltv?: number;
  /**
   * True when the account's eMode category sets this collateral's LT and LTV (the account is in a
   * category whose collateral bitmap has this reserve): reserve-level LT and LTV changes then do not
   * move it, the category's do (aave-v3-origin GenericLogic.calculateUserAccountData).
   */
  inEMode?: boolean;
}

/** A lending account's state, shared by every position of one wallet in one market. */
export interface LendingAccount {
  market: string;
  /** Absent when the account has no debt: there is no health factor to move. */
  healthFactor?: number;
  debtUsd: number;
  /** The account's eMode category, with the values that replace its members' LT and LTV (bps). */
  eMode?: { id: number; label?: string; ltv: number; liquidationThreshold: number };
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
 * How a market sets its rates from utilization, as read with the position. Aave derives the supply
 * rate from the borrow rate (borrow × U × (1 − reserveFactor)); Comet has a supply curve of its own.
 */
export interface RateModel {
  /** Utilization at the moment read, a fraction. */
  utilization: number;
  borrow: RateCurve;
  supply?: RateCurve;
  /** Share of interest kept by the protocol, a fraction (Aave). */
  reserveFactor?: number;
}

/** A Cosmos delegation's validator: its share of the wallet's delegated stake and its commission (fractions). */
export interface DelegationValidator {
  validator: string;
  share: number;
  commission: number;
}

/** A Lido staking module: its share of the protocol's stake and its fees on that share's rewards (fractions). */
export interface StakingModuleFees {
  id: number;
  share: number;
  moduleFee: number;
  treasuryFee: number;
}

/** The inputs a simulator needs about one position, read in the same round trips as the position. */
export interface SimulatorInputs {
  market?: string;
  role: 'supply' | 'borrow' | 'stake' | 'delegation' | 'balance' | 'lp';
  /** Absent when no honest USD price was read: effects are then stated in the asset's own units. */
  valueUsd?: number;
  /** Yearly rate the position earns (supply, stake, delegation: net of fees and commission) or pays (borrow), as a fraction. */
  apr?: number;
  /** Share of gross rewards the protocol keeps, as a fraction (Lido's total fee, Jito's epoch fee, the Hub's community tax). */
  rewardFee?: number;
  /** Reserve factor of the market, bps; it moves the supply rate only. */
  reserveFactor?: number;
  /** The market's rate model at the moment read, where governance sets it. */
  rateModel?: RateModel;
  account?: LendingAccount;
  /** Lido: each staking module's share and fees; rewardFee is their weighted total. */
  stakingModules?: StakingModuleFees[];
  /** Cosmos Hub: the validators the stake is delegated to, and the inflation the APR follows. */
  delegation?: { validators: DelegationValidator[]; inflation?: number; inflationMin?: number; inflationMax?: number };
  /** Jito: the pool's fee on withdrawing (a share of what is withdrawn), charged once when leaving. */
  withdrawalFee?: number;
  /**
   * Jito: the share of the pool's rewards that comes from MEV tips, and the share of tips taken before
   * they reach stakers (fractions). Not read by the exposure today: a tip-routing change is then
   * matched but not quantified.
   */
  mev?: { share: number; fee: number };
  /** XRPL account reserve: the XRP locked by base + ownerCount × increment. */
  ledgerReserve?: { ownerCount: number; baseDrops: number; incrementDrops: number; priceUsd?: number };
}

/** A position as an exposure component reads it: the wire Position and its simulator inputs. */
export interface ExposurePosition {
  position: Position;
  inputs: SimulatorInputs;
}
