import type { ProposalStatus } from '../../contract/enums.js';

/** What the StarGuard's logs and views say about one plotted payload. */
export interface SpellState {
  /** An Exec(addr) after its latest Plot. */
  executed: boolean;
  /** A Drop(addr) after its latest Plot (the StarGuard's wards withdrew it). */
  dropped: boolean;
  /** spellData() still names it: it is the one payload that exec() would run. */
  current: boolean;
  /** Its latest Plot's deadline (unix seconds): plot time + the StarGuard's maxDelay then. */
  deadline: number;
}

/**
 * The contract status of a payload in the Spark StarGuard (README.md, Status rules). Pure.
 * - executed: StarGuard emitted Exec for it: the SubProxy ran its execute().
 * - passed: the Sky executive vote plotted it and it can still be executed (it is spellData's
 *   payload and `now ≤ deadline`); anyone may call exec().
 * - closed: it is still plotted but its window passed (exec() reverts "StarGuard/expired-spell").
 * - canceled: dropped by the StarGuard's wards, or replaced before execution by a later plot
 *   (plot() emits Drop for the payload it replaces).
 */
export function spellStatus(spell: SpellState, now: Date): ProposalStatus {
  if (spell.executed) return 'executed';
  if (spell.dropped) return 'canceled';
  if (!spell.current) return 'canceled';
  if (now.getTime() / 1000 > spell.deadline) return 'closed';
  return 'passed';
}
