import type { SpamVerdict } from '../../domain/proposal.js';
import type { SpamRule } from '../../feed/spam/spamRule.js';
import type { SnapshotProposal } from './snapshotProposal.js';

export const SNAPSHOT_FLAGGED_RULE: SpamRule = {
  id: 'snapshot/flagged',
  appliesTo: 'every Snapshot space',
  holdsBack: 'a proposal the Snapshot hub itself flags (its moderation: a flagged link in the body, or flagged by the space or the operators)',
  evidence:
    'snapshot.org lists proposals with flagged: false and opens flagged ones only behind a scam warning (snapshot-labs/sx-monorepo apps/ui/src/networks/offchain/api/index.ts, ContentFlagable.vue; legacy snapshot-labs/snapshot src/views/SpaceProposals.vue)',
};

/** The hub's own moderation, kept as a verdict rather than dropped, so GET /api can count it. Pure. */
export function snapshotSpamVerdict(proposal: Pick<SnapshotProposal, 'flagged'>): SpamVerdict | undefined {
  return proposal.flagged ? { rule: SNAPSHOT_FLAGGED_RULE.id, reason: 'flagged by the Snapshot hub' } : undefined;
}
