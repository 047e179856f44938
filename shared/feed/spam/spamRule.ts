/**
 * A written spam rule, as GET /api states it: what it holds back and the evidence for it (how the
 * chains' own front-ends, explorers and wallets treat the same proposals). Data only, so the
 * catalog can list every rule without loading a module's code.
 */
export interface SpamRule {
  /** `<system>/<name>`, the `rule` of every SpamVerdict it gives. */
  id: string;
  /** The governance systems it applies to, in words ("every source", "a chain's x/gov"). */
  appliesTo: string;
  /** What it holds back. */
  holdsBack: string;
  /** Who does the same, with the file or page that shows it. */
  evidence: string;
}
