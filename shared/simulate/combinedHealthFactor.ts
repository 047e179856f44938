import type { ParameterChange } from '../domain/parameterChange.js';
import type { LendingAccount } from '../domain/position.js';
import { jointHealthFactor } from './lendingEffects.js';

export interface CombinedHealthFactorParameters {
  /** Each open proposal's changes to each account it reaches, with when it would take effect (effective date, else its vote's end). */
  entries: readonly { account: LendingAccount; changes: readonly ParameterChange[]; takesEffect?: string; proposal: string }[];
}

export interface CombinedHealthFactorReturnType {
  account: LendingAccount;
  healthFactorBefore: number;
  /** After every entry's changes to this account, applied together by jointHealthFactor. */
  healthFactorAfter: number;
  /** The proposals counted, in the order their values stand (the one taking effect last first). */
  proposals: string[];
}

/**
 * Each lending account's health factor if every open proposal reaching it passes: all their changes
 * applied at once by the simulator's joint calculation (jointHealthFactor), per account. Where two
 * proposals set the same parameter, the one taking effect last stands (jointHealthFactor reads the
 * first change it finds, so later proposals come first; an undated one counts as taking effect
 * before any dated one). Accounts without debt have no health factor and are left out. Pure.
 */
export function combinedHealthFactor({ entries }: CombinedHealthFactorParameters): CombinedHealthFactorReturnType[] {
  const latestFirst = [...entries].sort((a, b) => time(b.takesEffect) - time(a.takesEffect));
  const byMarket = new Map<string, { account: LendingAccount; changes: ParameterChange[]; proposals: string[] }>();
  for (const { account, changes, proposal } of latestFirst) {
    const entry = byMarket.get(account.market) ?? { account, changes: [], proposals: [] };
    entry.changes.push(...changes);
    if (!entry.proposals.includes(proposal)) entry.proposals.push(proposal);
    byMarket.set(account.market, entry);
  }
  return [...byMarket.values()].flatMap(({ account, changes, proposals }) => {
    const after = jointHealthFactor(account, changes);
    return after === undefined || account.healthFactor === undefined ? [] : [{ account, healthFactorBefore: account.healthFactor, healthFactorAfter: after, proposals }];
  });
}

const time = (iso: string | undefined): number => {
  const at = iso === undefined ? Number.NaN : Date.parse(iso);
  return Number.isNaN(at) ? Number.NEGATIVE_INFINITY : at;
};
