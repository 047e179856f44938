import type { ParameterChange } from '../domain/parameterChange.js';
import type { EModeLtvRule, LendingAccount, LendingCollateral } from '../domain/position.js';
import { asBps } from './changeValues.js';
import type { Effect } from './effect.js';
import { formatHealthFactors, formatPercent, formatUsd } from './format.js';
import { levelForBorrowingPower, levelForHealthFactor } from './levels.js';
import { wordsOf } from '../domain/words.js';

/** Parameters the joint lending calculation applies to an account. */
export const LENDING_PARAMETERS: ReadonlySet<string> = new Set([
  'liquidationThreshold',
  'ltv',
  'liquidationBonus',
  'eModeLtv',
  'eModeLiquidationThreshold',
  'eModeLiquidationBonus',
  'eModeCollateral',
  'eModeLtvZero',
  'eModeIsolated',
]);

const MOVES_THRESHOLD = new Set(['liquidationThreshold', 'eModeLiquidationThreshold', 'eModeCollateral']);
const MOVES_LTV = new Set(['ltv', 'eModeLtv', 'eModeCollateral', 'eModeLtvZero', 'eModeIsolated']);
const BONUSES = new Set(['liquidationBonus', 'eModeLiquidationBonus']);

/** One collateral's LT and LTV that apply, bps, with its eMode membership (positions.md §1.3). */
interface Applied {
  liquidationThreshold: number;
  /** Undefined when the LTV the pool's rule needs was not read. */
  ltv: number | undefined;
}

/**
 * The LTV a pool counts a collateral with: its own outside eMode; inside, the category's, unless
 * the pool's rule zeroes it (EModeLtvRule): `ownLtvZero`, the reserve's own LTV is 0 (@aave/core-v3
 * and sparklend-v1-core GenericLogic.calculateUserAccountData, aave-v3-origin to 3.5);
 * `ltvzeroBitmap`, the category's ltvzero bit is set (aave-v3-origin 3.6
 * ValidationLogic.getUserReserveLtv). `isolated`: the account's category is isolated (aave-v3-origin
 * 3.7 getUserReserveLtv), so a collateral outside it counts 0. Undefined when the LTV the rule
 * needs was not read. Pure.
 */
export function appliedLtv(own: number | undefined, eModeLtv: number | undefined, ltvzero: boolean, rule: EModeLtvRule, isolated = false): number | undefined {
  if (eModeLtv === undefined) return isolated && rule === 'ltvzeroBitmap' ? 0 : own;
  if (rule === 'ltvzeroBitmap') return ltvzero ? 0 : eModeLtv;
  return own === undefined ? undefined : own === 0 ? 0 : eModeLtv;
}

/**
 * The LT and LTV a pool counts a collateral with. Under `ownLtvZero` a reserve whose own LT is 0
 * is no collateral at all, in eMode too: GenericLogic (@aave/core-v3, sparklend-v1-core,
 * aave-v3-origin to 3.5) reads it only `if (liquidationThreshold != 0 && isUsingAsCollateral)`,
 * before the category's values replace the reserve's. aave-v3-origin 3.6 dropped that gate: a
 * member counts at the category's LT whatever its own. Pure.
 */
function appliedTo(own: { liquidationThreshold: number; ltv?: number | undefined }, eMode: { liquidationThreshold: number; ltv: number } | undefined, ltvzero: boolean, rule: EModeLtvRule, isolated: boolean): Applied {
  if (rule === 'ownLtvZero' && own.liquidationThreshold === 0) return { liquidationThreshold: 0, ltv: 0 };
  return { liquidationThreshold: eMode ? eMode.liquidationThreshold : own.liquidationThreshold, ltv: appliedLtv(own.ltv, eMode?.ltv, ltvzero, rule, isolated) };
}

/**
 * The account after every change of the proposal at once: each collateral's own LT and LTV, the
 * eMode category's (and whether it is isolated), its membership in the category and (3.6+) its
 * ltvzero flag there, then the LT and LTV that apply to it. A category-wide change counts only for
 * the account's own category. Pure.
 */
export function applyToCollateral(account: LendingAccount, changes: readonly ParameterChange[]): { before: Applied; after: Applied; collateral: LendingCollateral }[] {
  const eMode = account.eMode;
  const ownCategory = (change: ParameterChange) => !change.parameter.startsWith('eMode') || change.eModeCategory === undefined || change.eModeCategory === eMode?.id;
  const named = (parameter: string, asset?: string) =>
    changes.find((change) => change.parameter === parameter && ownCategory(change) && (asset === undefined || change.asset?.toLowerCase() === asset.toLowerCase()));
  const bps = (change: ParameterChange | undefined, fallback: number | undefined) => (change ? asBps(change.to, change.unit) ?? fallback : fallback);
  const state = (change: ParameterChange | undefined, fallback: boolean) => (change ? String(change.to) === 'enabled' : fallback);
  const rule = eMode?.ltvRule ?? 'ownLtvZero';
  const eModeAfter = eMode && { liquidationThreshold: bps(named('eModeLiquidationThreshold'), eMode.liquidationThreshold)!, ltv: bps(named('eModeLtv'), eMode.ltv)! };
  const isolatedBefore = Boolean(eMode?.isolated);
  const isolatedAfter = eMode !== undefined && state(named('eModeIsolated'), isolatedBefore);
  return account.collateral.map((collateral) => {
    const inBefore = Boolean(collateral.inEMode && eMode);
    const inAfter = state(named('eModeCollateral', collateral.asset), Boolean(collateral.inEMode)) && eModeAfter !== undefined;
    const before = appliedTo(collateral, inBefore ? eMode : undefined, Boolean(collateral.ltvzero), rule, isolatedBefore);
    const ownAfter = { liquidationThreshold: bps(named('liquidationThreshold', collateral.asset), collateral.liquidationThreshold)!, ltv: bps(named('ltv', collateral.asset), collateral.ltv) };
    const after = appliedTo(ownAfter, inAfter ? eModeAfter : undefined, state(named('eModeLtvZero', collateral.asset), Boolean(collateral.ltvzero)), rule, isolatedAfter);
    return { before, after, collateral };
  });
}

/**
 * HF′ = HF + Σ C_i·(LT′_i − LT_i) / (10,000·D) over every collateral at once (aave-v3-origin
 * GenericLogic, compound-finance/comet isLiquidatable; linear in each C_i, so the joint move is the sum of the single moves,
 * measured from the health factor the chain reports). Pure.
 */
export function jointHealthFactor(account: LendingAccount, changes: readonly ParameterChange[]): number | undefined {
  if (account.healthFactor === undefined || !(account.debtUsd > 0)) return undefined;
  const moved = applyToCollateral(account, changes).reduce((sum, { before, after, collateral }) => sum + collateral.valueUsd * (after.liquidationThreshold - before.liquidationThreshold), 0);
  return account.healthFactor + moved / (10_000 * account.debtUsd);
}

/** Σ C_i·LTV_i: what the collateral may back; undefined when a collateral's LTV was not read. Pure. */
function borrowingPower(entries: readonly { collateral: LendingCollateral; ltv?: number }[]): number | undefined {
  let total = 0;
  for (const { collateral, ltv } of entries) {
    if (ltv === undefined) return undefined;
    total += (collateral.valueUsd * ltv) / 10_000;
  }
  return total;
}

/**
 * What a proposal's lending changes do to one account, each graded by its own rule: the health
 * factor after all of them together, the borrowing power (in words, never as money), and the
 * liquidation bonus. `market` is the account's market as people name it (the registry's
 * marketName); the identifier stays in `healthFactor.market`. Pure.
 */
export function lendingEffects(account: LendingAccount, changes: readonly ParameterChange[], market: string = wordsOf(account.market)): Effect[] {
  const applied = applyToCollateral(account, changes);
  const effects: Effect[] = [];
  const assetsOf = (parameters: Set<string>) => [...new Set(changes.filter((change) => parameters.has(change.parameter)).map((change) => change.asset ?? `eMode category ${change.eModeCategory}`))];

  if (changes.some((change) => MOVES_THRESHOLD.has(change.parameter))) {
    const after = jointHealthFactor(account, changes);
    if (after === undefined) {
      effects.push({
        level: 'none',
        summary: `Your ${market} account has no debt, so no health factor moves; the new liquidation thresholds apply once you borrow.`,
        assets: assetsOf(MOVES_THRESHOLD),
        simulated: true,
      });
    } else {
      const before = account.healthFactor!;
      const [from, to] = formatHealthFactors(before, after);
      effects.push({
        level: levelForHealthFactor(before, after),
        summary:
          after < 1
            ? `Your ${market} position could be liquidated: its health factor would fall from ${from} to ${to}, below 1.`
            : `Health factor of your ${market} position ${after === before ? 'stays at' : 'moves from'} ${from}${after === before ? '' : ` to ${to}`}.`,
        ...(after !== before && { estimatedChange: `health factor ${from} → ${to}` }),
        assets: assetsOf(MOVES_THRESHOLD),
        simulated: true,
        healthFactor: { market: account.market, before, after },
      });
    }
  }

  if (changes.some((change) => MOVES_LTV.has(change.parameter))) {
    const before = borrowingPower(applied.map(({ collateral, before }) => ({ collateral, ...(before.ltv !== undefined && { ltv: before.ltv }) })));
    const after = borrowingPower(applied.map(({ collateral, after }) => ({ collateral, ...(after.ltv !== undefined && { ltv: after.ltv }) })));
    const assets = assetsOf(MOVES_LTV);
    if (before === undefined || after === undefined) {
      effects.push({ level: 'low', summary: `Borrowing power against ${assets.join(', ')} changes; the LTV of every collateral was not read, so by how much is not computed.`, assets, simulated: false });
    } else {
      const delta = after - before;
      const words = delta === 0 ? 'does not change' : `${delta < 0 ? 'less' : 'more'}`;
      effects.push({
        level: levelForBorrowingPower(before, after, account.debtUsd),
        summary:
          delta === 0
            ? `Borrowing power of your ${market} account does not change.`
            : `You could borrow about ${formatUsd(Math.abs(delta))} ${words} against ${assets.join(', ')}${account.debtUsd > after ? `; your debt (${formatUsd(account.debtUsd)}) would exceed it, so no new borrowing or collateral withdrawal until you repay` : ''}. The health factor does not depend on LTV.`,
        assets,
        simulated: true,
      });
    }
  }

  for (const change of changes.filter((entry) => BONUSES.has(entry.parameter))) {
    const to = asBps(change.to, change.unit);
    const from = asBps(change.from, change.unit);
    const subject = change.asset ?? `eMode category ${change.eModeCategory}`;
    effects.push({
      level: account.healthFactor !== undefined && to !== undefined && from !== undefined && to > from ? 'low' : 'none',
      summary:
        to === undefined
          ? `The liquidation bonus on ${subject} changes.`
          : `A liquidation of ${subject} collateral would cost you a bonus of ${formatPercent(to / 10_000)} of the debt repaid${from === undefined ? '' : ` instead of ${formatPercent(from / 10_000)}`}; nothing moves unless you are liquidated.`,
      assets: [subject],
      simulated: to !== undefined,
    });
  }
  return effects;
}
