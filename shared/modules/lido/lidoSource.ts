import type { FeedProposal } from '../../domain/proposal.js';
import { normalizeSnapshotProposal } from '../../governance/snapshot/normalizeSnapshotProposal.js';
import { readSnapshotProposals } from '../../governance/snapshot/readSnapshotProposals.js';
import { type Upstreams, upstreams } from '../../upstream/upstreams.js';
import type { SourceComponent } from '../types.js';
import { normalizeAragonVote } from './normalizeAragonVote.js';
import { readAragonVotes } from './readAragonVotes.js';

/** Lido's Snapshot space (lidofinance/docs `docs/multisigs/alliance.md` links snapshot.box/#/s:lido-snapshot.eth). */
export const LIDO_SNAPSHOT_SPACE = 'lido-snapshot.eth';

export interface LidoSourceOptions {
  /**
   * Newest Aragon votes read per build. Lido's omnibus votes come a week or more apart and rarely
   * overlap (lidofinance/scripts archive: #170 ran 2024-01-16 → 01-19, #171 01-23 → 01-26), so the
   * two newest cover the live vote and the last outcome. The recordings hold exactly two votes:
   * raising it needs recordings of more.
   */
  aragonVotes?: number;
  /** Newest Snapshot proposals read per build (one GraphQL request). */
  snapshotProposals?: number;
  /** Newest DG timelock proposals searched for an executed vote's submission. */
  dualGovernanceProposals?: number;
  /** Read the Snapshot space; off, the source reads only on-chain votes. */
  snapshot?: boolean;
}

const DEFAULTS = { aragonVotes: 2, snapshotProposals: 10, dualGovernanceProposals: 10, snapshot: true } as const;

/**
 * Lido's governance: Aragon votes on Ethereum (binding; executed directly or through Dual
 * Governance) and the lido-snapshot.eth Snapshot space (signalling). Both are read in parallel and
 * either failing fails the build, so a partial read never replaces the last good one.
 *
 * @example const proposals = await lidoSource().readProposals({ signal, now: new Date() });
 */
export function lidoSource(getUpstreams: () => Upstreams = upstreams, options: LidoSourceOptions = {}): SourceComponent {
  const settings = { ...DEFAULTS, ...options };
  return {
    async readProposals({ signal, now }): Promise<FeedProposal[]> {
      const { ethereum, snapshot } = getUpstreams();
      const [aragon, offChain] = await Promise.all([
        readAragonVotes({ ethereum, newest: settings.aragonVotes, newestDgProposals: settings.dualGovernanceProposals, signal }),
        settings.snapshot ? readSnapshotProposals(snapshot, { spaces: [LIDO_SNAPSHOT_SPACE], first: settings.snapshotProposals }, signal) : [],
      ]);
      return [
        ...aragon.votes.map((vote) => normalizeAragonVote(vote, aragon.times, now)),
        ...offChain.flatMap((proposal) => normalizeSnapshotProposal(proposal, { protocol: 'lido', now }) ?? []),
      ];
    },
  };
}
