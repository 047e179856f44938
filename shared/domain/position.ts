import type { Position } from '../api/schemas/position.js';

/** A lending account's state, shared by every position of one wallet in one market. */
export interface LendingAccount {
  market: string;
  healthFactor: number;
  debtUsd: number;
  collateral: { asset: string; valueUsd: number; liquidationThreshold: number /* bps */ }[];
}

/** The inputs a simulator needs about one position, read in the same round trips as the position. */
export interface SimulatorInputs {
  market?: string;
  role: 'supply' | 'borrow' | 'stake' | 'delegation' | 'balance' | 'lp';
  /** Absent when no honest USD price was read: effects are then stated in the asset's own units. */
  valueUsd?: number;
  /** Yearly rate the position earns (supply, stake) or pays (borrow), as a fraction. */
  apr?: number;
  /** Share of gross rewards the protocol keeps, as a fraction (staking fees, community tax). */
  rewardFee?: number;
  /** Reserve factor of the market, bps; it moves the supply rate only. */
  reserveFactor?: number;
  account?: LendingAccount;
  /** XRPL account reserve: the XRP locked by base + ownerCount × increment. */
  ledgerReserve?: { ownerCount: number; baseDrops: number; incrementDrops: number; priceUsd?: number };
}

/** A position as an exposure component reads it: the wire Position and its simulator inputs. */
export interface ExposurePosition {
  position: Position;
  inputs: SimulatorInputs;
}
