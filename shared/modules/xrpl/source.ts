import type { SourceReader } from '../types.js';
import { amendmentProposals } from './amendmentProposals.js';
import { feeProposal } from './feeProposal.js';
import { readLedgerGovernance } from './readLedgerGovernance.js';

/**
 * The XRPL source: amendments in majority (passed) and the latest fee and reserve change
 * (executed), from the validated ledger of one server. Amendments without a majority are left out
 * (amendmentProposals says why).
 *
 * @example const proposals = await xrplSource().readProposals({ signal, now, upstreams: services.upstreams })
 */
export function xrplSource(): SourceReader {
  return {
    async readProposals(context) {
      const { signal, now } = context;
      const ledger = await readLedgerGovernance(context.upstreams.xrpl, signal);
      const fee = feeProposal({ feeSettings: ledger.feeSettings, setFee: ledger.setFee, now });
      return [...amendmentProposals({ amendments: ledger.amendments, features: ledger.features, now }), ...(fee ? [fee] : [])];
    },
  };
}
