import type { ProposalStatus } from '../../api/schemas/enums.js';

/** What the ledger and the server say about one amendment. */
export interface AmendmentState {
  /** In the validated ledger's Amendments list. */
  enabled: boolean;
  /** In Amendments.Majorities: over 80% of trusted validators support it. */
  hasMajority: boolean;
  /** The answering server knows how to apply it (public `feature`). */
  supported: boolean;
}

/**
 * An amendment's status (decisions.md): enabled → executed; holding a majority → passed (it enables
 * two weeks later if the majority holds); supported without majority → pending, since public
 * servers hide vote counts (`count`, `validations` are admin-only in rippled's AmendmentTable), so
 * "some validators support it" (active) cannot be told from "nobody votes for it yet". An
 * amendment the server does not support and nobody enabled is nobody's proposal here: undefined. Pure.
 */
export function amendmentStatus({ enabled, hasMajority, supported }: AmendmentState): ProposalStatus | undefined {
  if (enabled) return 'executed';
  if (hasMajority) return 'passed';
  if (supported) return 'pending';
  return undefined;
}
