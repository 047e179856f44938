import type { SourceReader } from '../types.js';
import { normalizeProposal } from './normalizeProposal.js';
import { readCompoundProposals } from './readProposals.js';

export interface CompoundSourceOptions {
  /**
   * How many of the newest proposal ids to read. A Compound proposal lives about a week (2 days'
   * delay, 3 days' vote, 2 days' timelock) and the DAO makes a few a week, so the newest 3 hold the
   * live ones most of the time; the feed keeps what earlier builds saw. The recordings hold the
   * newest 3 at their snapshot (test/fixtures/upstream/ethereum/compound.md).
   */
  newest?: number;
}

export const COMPOUND_NEWEST = 3;

/**
 * Compound's source: the newest proposals of Governor Bravo and CompoundGovernor on Ethereum,
 * normalized, with ParameterChanges decoded from their actions.
 *
 * @example const proposals = await compoundSource().readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function compoundSource(options: CompoundSourceOptions = {}): SourceReader {
  return {
    async readProposals(context) {
      const { signal } = context;
      const raw = await readCompoundProposals({ ethereum: context.upstreams.ethereum, newest: options.newest ?? COMPOUND_NEWEST, signal });
      return raw.map(normalizeProposal);
    },
  };
}
