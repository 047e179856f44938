import type { ProposalStatus } from '../../contract/enums.js';

/** What the StarGuard's logs and views say about one plotted payload. */
export interface SpellState {
  /** An Exec(addr) after its latest Plot. */
  executed: boolean;
  /** A Drop(addr) after its latest Plot (the StarGuard's wards withdrew it). */
  dropped: boolean;
  /** spellData() still names it: it is the one payload that exec() would run. */
  current: boolean;
  /** Its latest Plot's time (unix seconds; spellData().pat for the current one). */
  plottedAt?: number;
}

/**
 * The contract status of a payload in the Spark StarGuard (README.md, Status rules). Pure.
 * - executed: StarGuard emitted Exec for it: the SubProxy ran its execute().
 * - passed: the Sky executive vote plotted it and it can still be executed (it is spellData's
 *   payload and `now ≤ pat + expiration`); anyone may call exec().
 * - closed: it is still plotted but its window passed (exec() reverts "StarGuard/expired-spell").
 * - canceled: dropped by the StarGuard's wards, or replaced before execution by a later plot
 *   (plot() overwrites spellData without a Drop).
 */
export function spellStatus(spell: SpellState, expirationSeconds: number, now: Date): ProposalStatus {
  if (spell.executed) return 'executed';
  if (spell.dropped) return 'canceled';
  if (!spell.current) return 'canceled';
  if (spell.plottedAt !== undefined && now.getTime() / 1000 > spell.plottedAt + expirationSeconds) return 'closed';
  return 'passed';
}
