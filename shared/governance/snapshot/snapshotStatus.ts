import type { ProposalStatus } from '../../contract/enums.js';
import type { SnapshotProposal } from './snapshotProposal.js';

/**
 * Our status of a Snapshot proposal. The hub only knows pending/active/closed (computed from the
 * clock); a closed proposal's verdict follows the Snapshot UI (snapshot-labs/sx-monorepo
 * `apps/ui/src/networks/offchain/api/index.ts` getProposalState and `helpers/quorum.ts`):
 * - only `basic` voting (For/Against/Abstain at indices 0/1/2) has a verdict; every other type
 *   (free-text choices) stays `closed`, since no choice means "in favour";
 * - quorumType `rejection`: the proposal fails when Against exceeds the quorum;
 * - otherwise it fails short of quorum (counted on scores_total), and passes when For beats Against;
 * - a verdict is only given once scores are `final`: before that the tallies can still move.
 * Pure.
 */
export function snapshotStatus(proposal: SnapshotProposal): ProposalStatus {
  if (proposal.state === 'pending') return 'pending';
  if (proposal.state === 'active') return 'active';
  return basicVerdict(proposal) ?? 'closed';
}

/** passed / closed for a closed basic proposal with final scores; undefined when there is no verdict. */
function basicVerdict(proposal: SnapshotProposal): ProposalStatus | undefined {
  if (proposal.type !== 'basic' || proposal.scores_state !== 'final') return undefined;
  const [forVotes = 0, against = 0] = proposal.scores ?? [];
  const quorum = proposal.quorum ?? 0;
  if (proposal.quorumType === 'rejection') return against > quorum || forVotes <= against ? 'closed' : 'passed';
  if ((proposal.scores_total ?? 0) < quorum) return 'closed';
  return forVotes > against ? 'passed' : 'closed';
}

/**
 * Whether the votes counted reach the proposal's quorum, when it has a turnout quorum. A
 * `rejection` quorum is a bar for Against, not a turnout: "reached" would read backwards, so none. Pure.
 */
export function snapshotQuorumReached(proposal: SnapshotProposal): boolean | undefined {
  const quorum = proposal.quorum ?? 0;
  if (quorum <= 0 || proposal.quorumType === 'rejection') return undefined;
  return (proposal.scores_total ?? 0) >= quorum;
}
