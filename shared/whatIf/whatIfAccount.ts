import * as z from 'zod';
import { RATE_MAX, SHARE_MAX } from '../domain/parameterChange.js';
import type { ExposurePosition } from '../domain/position.js';

/**
 * What a module offers the what-if command: the shape of an account described by hand (every share
 * a fraction, money in USD, a ledger's coin in its whole units) and the positions it stands for,
 * with the simulator inputs a scan would have read. Declared in the module's folder
 * (ModuleInfo.whatIf); lending markets share one (lendingAccount.ts).
 */
export interface WhatIfAccount {
  account: z.ZodType;
  /** The positions the (parsed) account stands for. Pure. */
  positions(account: never, protocol: string): ExposurePosition[];
  /** The market a text table's change applies to when its row names none. */
  defaultMarket?(account: never): string;
}

/** Shares as fractions (0.83), never percents: the bounds a change's value is held to as well (valueRange). */
export const fraction = z.number().min(0).max(SHARE_MAX);
/** Yearly rates as fractions; up to 1,000 % for a market at its kink's far side. */
export const rate = z.number().min(0).max(RATE_MAX);
/** USD, or an amount of a coin. */
export const amount = z.number().min(0);

/** A position of a what-if account: the wire shape, held by `what-if`. */
export const heldPosition = (protocol: string, id: string, asset: string, amountHeld: number, valueUsd: number | undefined) => ({
  id,
  protocol,
  asset,
  amount: String(amountHeld),
  user_address: 'what-if',
  ...(valueUsd !== undefined && { valueUsd }),
});
