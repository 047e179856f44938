import type { Upstreams } from '../../upstream/upstreams.js';
import type { SourceReader } from '../types.js';
import { amendmentProposals } from './amendmentProposals.js';
import { feeProposal } from './feeProposal.js';
import { readLedgerGovernance } from './readLedgerGovernance.js';
import { upstreamsOf } from '../upstreamsOf.js';

/**
 * The XRPL source: amendments in majority (passed) and the latest fee and reserve change
 * (executed), from the validated ledger of one server. Amendments without a majority are left out
 * (amendmentProposals says why).
 *
 * @example const proposals = await xrplSource(() => replay.upstreams()).readProposals({ signal, now })
 */
export function xrplSource(getUpstreams?: () => Upstreams): SourceReader {
  return {
    async readProposals(context) {
      const { signal, now } = context;
      const ledger = await readLedgerGovernance(upstreamsOf(context, getUpstreams).xrpl, signal);
      const fee = feeProposal({ feeSettings: ledger.feeSettings, setFee: ledger.setFee, now });
      return [...amendmentProposals({ amendments: ledger.amendments, features: ledger.features, now }), ...(fee ? [fee] : [])];
    },
  };
}
