import type { SourceReader } from '../types.js';
import { normalizeProposal } from './normalizeProposal.js';
import { readAaveProposals } from './readProposals.js';

/**
 * How many of the newest Governance v3 proposals a feed build reads: the recordings hold exactly
 * these. Aave creates a few proposals a week and one runs about 5 days from creation to queue, so
 * five usually cover every pending and live vote; a busier week needs more (and new recordings).
 */
export const AAVE_NEWEST_PROPOSALS = 5;

/**
 * The Aave source: Governance v3 on Ethereum (proposals, states, votes once settled, Ethereum
 * payloads), the live tally of running votes on their voting chain (Ethereum, Polygon or
 * Avalanche), and the proposal texts on IPFS. The Aave Snapshot spaces are read elsewhere.
 *
 * @example const proposals = await aaveSource().readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function aaveSource(newest = AAVE_NEWEST_PROPOSALS): SourceReader {
  return {
    async readProposals(context) {
      const { signal, now } = context;
      const proposals = await readAaveProposals({ upstreams: context.upstreams, newest, signal });
      return proposals.map((proposal) => normalizeProposal(proposal, now));
    },
  };
}
