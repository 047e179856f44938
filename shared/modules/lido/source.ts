import type { FeedProposal } from '../../domain/proposal.js';
import type { SourceReader } from '../types.js';
import { normalizeAragonVote } from './normalizeAragonVote.js';
import { readAragonVotes } from './readAragonVotes.js';

/** Lido's Snapshot space (lidofinance/docs `docs/multisigs/alliance.md` links snapshot.box/#/s:lido-snapshot.eth). */
export const LIDO_SNAPSHOT_SPACE = 'lido-snapshot.eth';

export interface LidoAragonSourceOptions {
  /**
   * Newest Aragon votes read per build. Lido's omnibus votes come a week or more apart and rarely
   * overlap (lidofinance/scripts archive: #170 ran 2024-01-16 → 01-19, #171 01-23 → 01-26), so the
   * two newest cover the live vote and the last outcome. The recordings hold exactly two votes:
   * raising it needs recordings of more.
   */
  aragonVotes?: number;
  /** Newest DG timelock proposals searched for an executed vote's submission. */
  dualGovernanceProposals?: number;
}

const DEFAULTS = { aragonVotes: 2, dualGovernanceProposals: 10 } as const;

/**
 * Lido's binding votes: Aragon Voting on Ethereum, executed directly or through Dual Governance.
 * (Its signalling votes are the lido-snapshot.eth space, a governance system of its own: index.ts.)
 *
 * @example const proposals = await lidoAragonSource().readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function lidoAragonSource(options: LidoAragonSourceOptions = {}): SourceReader {
  const settings = { ...DEFAULTS, ...options };
  return {
    async readProposals(context): Promise<FeedProposal[]> {
      const { signal, now } = context;
      const aragon = await readAragonVotes({ ethereum: context.upstreams.ethereum, newest: settings.aragonVotes, newestDgProposals: settings.dualGovernanceProposals, signal });
      return aragon.votes.map((vote) => normalizeAragonVote(vote, aragon.times, now));
    },
  };
}
