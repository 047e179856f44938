import type { ExposurePosition } from '../domain/position.js';

/** What a lending account's positions say beyond the account: each supplied asset's price, and what it borrows. */
export interface AccountPrices {
  /** USD per unit of each supplied asset, from the position's value and amount as read. */
  prices: Record<string, number>;
  borrowed: string[];
}

/**
 * Per lending account (by its market), the price of each supplied asset (valueUsd ÷ amount of the
 * position as read: the same price its collateral value was counted at) and the assets it borrows.
 * A position with no USD value or no amount gives no price, never a guessed one. Pure.
 */
export function accountPrices(positions: readonly ExposurePosition[]): Record<string, AccountPrices> {
  const byMarket: Record<string, AccountPrices> = {};
  for (const { position, inputs } of positions) {
    const market = inputs.account?.market;
    if (market === undefined) continue;
    const entry = (byMarket[market] ??= { prices: {}, borrowed: [] });
    if (inputs.role === 'borrow') {
      if (!entry.borrowed.includes(position.asset)) entry.borrowed.push(position.asset);
      continue;
    }
    const amount = Number(position.amount);
    if (inputs.role === 'supply' && position.valueUsd !== undefined && Number.isFinite(amount) && amount > 0) entry.prices[position.asset] = position.valueUsd / amount;
  }
  return byMarket;
}
