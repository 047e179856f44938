import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPE } from '../../../shared/modules/jito/accountLayouts.js';
import { decodeProposalAccounts } from '../../../shared/modules/jito/decodeProposalAccounts.js';
import { encodedAccountData, SAMPLE_PROPOSALS } from './sampleRealm.js';

const [decided, other] = SAMPLE_PROPOSALS;
const raw = (entry: (typeof SAMPLE_PROPOSALS)[number]) => ({ pubkey: entry.pubkey, data: encodedAccountData(entry.account) });
/** A ProposalV2 cut short, as an account of a longer future layout read with this one would fail. */
const truncated = { pubkey: 'Trunc11111111111111111111111111111111111111', data: encodedAccountData(decided!.account).slice(0, 120) };
/** A state ordinal past Vetoed: enums.rs of a later program version. */
const unknownState = { pubkey: 'State11111111111111111111111111111111111111', data: encodedAccountData({ ...decided!.account, state: 10 }) };

describe('decodeProposalAccounts', () => {
  it('drops a proposal account the layout cannot read and keeps the others', () => {
    const proposals = decodeProposalAccounts([raw(decided!), truncated, raw(other!)]);
    expect(proposals.map(({ pubkey }) => pubkey)).toEqual([decided!.pubkey, other!.pubkey]);
    expect(proposals[0]!.proposal.name).toBe(decided!.account.name);
  });

  it('drops a proposal whose state ordinal the layout does not know', () => {
    expect(decodeProposalAccounts([unknownState, raw(decided!)]).map(({ pubkey }) => pubkey)).toEqual([decided!.pubkey]);
  });

  it('throws upstream_malformed when no proposal account decodes, rather than reading as no proposals', () => {
    expect(() => decodeProposalAccounts([truncated, unknownState])).toThrow(expect.objectContaining({ code: 'upstream_malformed' }));
  });

  it('reads an empty listing as no proposals', () => {
    expect(decodeProposalAccounts([])).toEqual([]);
  });

  it('ignores accounts of another type without counting them as failures', () => {
    const transaction = { pubkey: 'Tx111111111111111111111111111111111111111111', data: new Uint8Array([ACCOUNT_TYPE.ProposalTransactionV2, 1, 2]) };
    expect(decodeProposalAccounts([transaction])).toEqual([]);
    expect(decodeProposalAccounts([transaction, raw(decided!)]).map(({ pubkey }) => pubkey)).toEqual([decided!.pubkey]);
  });
});
