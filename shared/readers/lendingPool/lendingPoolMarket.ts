import type { Address } from 'viem';
import type { EModeLtvRule } from '../../domain/position.js';

/**
 * Which generation of the v3 pool interface a pool runs: what its views are.
 * - `v3.0` (aave-v3-core 1.x with the 3.0.1/3.0.2 upgrades, as sparklend-v1-core): stable-rate debt, one eMode category per
 *   reserve (configuration bits 168–175) read with getEModeCategoryData (which names a price
 *   source), a rate strategy per reserve (its four getters, in ray), cash = underlying.balanceOf(aToken).
 * - `v3.2+` (aave-v3-origin 3.2 to 3.6): eMode collateral bitmaps, virtual balances, and from 3.4
 *   one rate strategy for every reserve (Pool.RESERVE_INTEREST_RATE_STRATEGY, curves in bps);
 *   a 3.2/3.3 pool answers no such strategy and its positions carry no rate model.
 */
export type LendingPoolVersion = 'v3.0' | 'v3.2+';

/** A v3.0 reserve's own contracts, as Pool.getReserveData names them. */
export interface ReserveContracts {
  aToken: Address;
  strategy: Address;
}

/** One market of a lending pool of the v3 pool interface: where its contracts are and what they speak. */
export interface LendingPoolMarket {
  /** The module whose positions these are (`position.protocol`). */
  protocol: string;
  /** The market's id in positions and ParameterChanges, e.g. `aave-v3-ethereum`. */
  market: string;
  /**
   * The upstream (chain) the pool sits on, e.g. `arbitrum`: when set, each position names it and
   * the market (Position.chain, Position.market), for a module that reads several.
   */
  chain?: string;
  version: LendingPoolVersion;
  /**
   * The eMode LTV rule its pool version follows (EModeLtvRule). `ltvzeroBitmap` makes round two ask
   * each category's Pool.getEModeCategoryLtvzeroBitmap (v3.2+ only); a pool that reverts it
   * predates 3.6, and its accounts take `ownLtvZero`.
   */
  eModeLtvRule: EModeLtvRule;
  pool: Address;
  addressesProvider: Address;
  /**
   * The UiPoolDataProviderV3 serving the pool, when the market's deployment names one: a wallet that
   * held nothing in the market at its last scan is asked only its getUserReservesData
   * (uiUserReserves.ts), and the market is read in full only when that finds something.
   */
  uiPoolDataProvider?: Address;
  /** The AaveOracle: USD prices with 8 decimals. */
  oracle: Address;
  /** Symbols of reserves, by lower-case address, so a scan asks symbol() only of the others. */
  knownSymbols: Readonly<Record<string, string>>;
  /**
   * v3.0: each reserve's strategy and aToken (lower-case asset) as the module's deployment table
   * declares them, so a reader's first round two asks their curves too. A declaration is a guess,
   * never an answer: the reader uses a curve only while that round's own Pool.getReserveData names
   * the same strategy and aToken, and learns the chain's for the next scan.
   */
  declaredReserveContracts?: Readonly<Record<string, ReserveContracts>>;
}
