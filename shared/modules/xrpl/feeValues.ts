import type { FeeFields } from './ledgerObjects.js';

/** Fee and reserves in drops, whichever format (post-XRPFees or legacy) carried them. */
export interface FeeValues {
  baseFeeDrops?: number;
  reserveBaseDrops?: number;
  reserveIncrementDrops?: number;
}

/**
 * The fee and reserves of a SetFee, a FeeSettings entry or a meta's PreviousFields, in drops.
 * The `*Drops` fields win: FeeSettings switched to them at the first fee change after XRPFees
 * (xrpl.org/blog/2024/lower-reserves-are-in-effect), and older ledgers still hold the legacy
 * ones, where BaseFee is hex. Pure.
 *
 * @example feeValues({ ReserveBase: 10000000, ReserveIncrement: 2000000 }) // { reserveBaseDrops: 10000000, reserveIncrementDrops: 2000000 }
 */
export function feeValues(fields: FeeFields): FeeValues {
  const values: FeeValues = {};
  const base = fields.BaseFeeDrops !== undefined ? Number(fields.BaseFeeDrops) : fields.BaseFee !== undefined ? parseInt(fields.BaseFee, 16) : undefined;
  const reserve = fields.ReserveBaseDrops !== undefined ? Number(fields.ReserveBaseDrops) : fields.ReserveBase;
  const increment = fields.ReserveIncrementDrops !== undefined ? Number(fields.ReserveIncrementDrops) : fields.ReserveIncrement;
  if (base !== undefined) values.baseFeeDrops = base;
  if (reserve !== undefined) values.reserveBaseDrops = reserve;
  if (increment !== undefined) values.reserveIncrementDrops = increment;
  return values;
}

const DROPS_PER_XRP = 1_000_000;

/** Drops as XRP for prose, without trailing zeros. Pure. @example xrpText(200000) // '0.2 XRP' */
export const xrpText = (drops: number): string => `${drops / DROPS_PER_XRP} XRP`;
