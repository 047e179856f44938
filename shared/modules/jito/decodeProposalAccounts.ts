import { upstreamMalformed } from '../../upstream/errors.js';
import { ACCOUNT_TYPE, type ProposalV2, proposalStateName, proposalV2Codec } from './accountLayouts.js';

/** One account as getProgramAccounts returns it, its data already base64-decoded. */
export interface RawAccount {
  pubkey: string;
  data: Uint8Array;
}

export interface DecodedProposal {
  pubkey: string;
  proposal: ProposalV2;
}

/**
 * The ProposalV2 accounts among `accounts`, decoded one by one. A proposal account the layout
 * cannot read (a future layout, a state ordinal enums.rs does not list yet) is dropped, so one odd
 * account does not freeze the whole program's part of the feed. When proposal accounts came back
 * and not one of them decodes, the layout itself is wrong: that throws rather than reading as "no
 * proposals". Accounts of another type are not proposals and are ignored, as before. Pure.
 *
 * @throws UpstreamError upstream_malformed when there are proposal accounts and none decodes.
 * @example decodeProposalAccounts([{ pubkey, data }]) // [{ pubkey, proposal: { state: 3, … } }]
 */
export function decodeProposalAccounts(accounts: readonly RawAccount[]): DecodedProposal[] {
  // The listing filters on this byte already; a node that ignores the filter must not slip other accounts in.
  const proposalAccounts = accounts.filter(({ data }) => data[0] === ACCOUNT_TYPE.ProposalV2);
  const decoded = proposalAccounts.flatMap(({ pubkey, data }) => {
    const proposal = decodeProposal(data);
    return proposal ? [{ pubkey, proposal }] : [];
  });
  if (proposalAccounts.length > 0 && decoded.length === 0) {
    throw upstreamMalformed('solana', new Error(`none of ${proposalAccounts.length} ProposalV2 accounts decodes`));
  }
  return decoded;
}

function decodeProposal(data: Uint8Array): ProposalV2 | undefined {
  try {
    const proposal = proposalV2Codec.decode(data);
    // statusOf cannot map an unknown ordinal: the account is as unreadable as a short one.
    return proposalStateName(proposal.state) === undefined ? undefined : proposal;
  } catch {
    return undefined;
  }
}
