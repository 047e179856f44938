import type { ProposalStatus } from '../../contract/enums.js';

/** What the validated ledger says about one amendment. */
export interface AmendmentState {
  /** In the validated ledger's Amendments list. */
  enabled: boolean;
  /** In Amendments.Majorities: over 80% of trusted validators support it. */
  hasMajority: boolean;
}

/**
 * An amendment's status (decisions.md): enabled → executed; holding a majority → passed (it enables
 * two weeks later if the majority holds). Anything else is nobody's proposal here: undefined.
 * Being `supported` by the answering server is deliberately not a status: public `feature` lists
 * obsolete amendments as supported too (rippled features.macro marks them VoteBehavior::Obsolete,
 * but `vetoed: "Obsolete"` is shown only to admin callers), and vote counts (`count`,
 * `validations`) are admin-only as well, so "some validators vote for it" cannot be told from
 * "retired, nobody ever will". Pure.
 */
export function amendmentStatus({ enabled, hasMajority }: AmendmentState): ProposalStatus | undefined {
  if (enabled) return 'executed';
  if (hasMajority) return 'passed';
  return undefined;
}
