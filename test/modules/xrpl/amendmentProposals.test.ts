import { describe, expect, it } from 'vitest';
import { amendmentProposals } from '../../../shared/modules/xrpl/amendmentProposals.js';
import { amendmentStatus } from '../../../shared/modules/xrpl/amendmentStatus.js';
import { simulateProposal } from '../../support/simulator.js';

// Real ids (xrpl-dev-portal known-amendments.md): AMM, fixPreviousTxnID, PriceOracle, MultiSign, fixNFTokenDirV1.
const AMM = '8CC0774A3BF66D1D22E76BBDA8E8A232E6B6313834301B3B23E8601196AE6455';
const FIX_PREVIOUS_TXN_ID = '7BB62DC13EC72B775091E9C71BF8CF97E122647693B50C5E87A80DFD6FCFAC50';
const PRICE_ORACLE = '96FD2F293A519AE1DB6F8BED23E4AD9119342DA7CB6BAFD00953D16C54205D8B';
const MULTI_SIGN = '4C97EBA926031A7CF7D7B36FDE3ED66DDA5421192D63DE53FFB46E43B9DC8373';
const FIX_NFTOKEN_DIR_V1 = '0285B7E5E08E1A8E4C15636F0591D87F73CB6A7B6452A932AD72BBC8E5D1CBE3';
const NOW = new Date('2024-09-20T00:00:00Z');

describe('amendmentStatus', () => {
  it.each([
    [{ enabled: true, hasMajority: false }, 'executed'],
    [{ enabled: true, hasMajority: true }, 'executed'],
    [{ enabled: false, hasMajority: true }, 'passed'],
    [{ enabled: false, hasMajority: false }, undefined],
  ] as const)('maps %j to %s', (state, status) => {
    expect(amendmentStatus(state)).toBe(status);
  });
});

describe('amendmentProposals', () => {
  it('dates a majority amendment: start at the majority, effective 14 days later', () => {
    // CloseTime 779561310 = 2024-09-13T16:48:30Z (xrpl-dev-portal amendments.md example).
    const [proposal] = amendmentProposals({
      amendments: { LedgerEntryType: 'Amendments', Majorities: [{ Majority: { Amendment: FIX_PREVIOUS_TXN_ID, CloseTime: 779561310 } }] },
      features: { [FIX_PREVIOUS_TXN_ID]: { enabled: false, name: 'fixPreviousTxnID', supported: true } },
      now: NOW,
    });
    expect(proposal).toMatchObject({
      id: `xrpl-amendment-${FIX_PREVIOUS_TXN_ID}`,
      status: 'passed',
      timeline: { start: '2024-09-13T16:48:30Z', end: '2024-09-27T16:48:30Z' },
      effectiveDate: '2024-09-27T16:48:30Z',
      firstSeen: NOW.toISOString(),
      changes: [{ protocol: 'xrpl', market: 'metadata', parameter: 'amendment', to: 'fixPreviousTxnID', unit: 'state', evidence: `Amendments.Majorities ${FIX_PREVIOUS_TXN_ID}`, verified: true }],
    });
    expect(proposal!.changeType).toBeUndefined();
  });

  it('keeps a majority amendment the server does not list, without a name or link', () => {
    const [proposal] = amendmentProposals({
      amendments: { LedgerEntryType: 'Amendments', Majorities: [{ Majority: { Amendment: AMM, CloseTime: 763657392 } }] },
      features: {},
      now: NOW,
    });
    expect(proposal).toMatchObject({ status: 'passed', title: `Amendment ${AMM}` });
    expect(proposal!.sourceLinks).toBeUndefined();
  });

  it('marks a feature amendment as a change of shape and links its known-amendments anchor', () => {
    // CloseTime 782524800 = 2024-10-18T00:00:00Z.
    const [proposal] = amendmentProposals({
      amendments: { LedgerEntryType: 'Amendments', Majorities: [{ Majority: { Amendment: PRICE_ORACLE, CloseTime: 782524800 } }] },
      features: { [PRICE_ORACLE]: { enabled: false, name: 'PriceOracle', supported: true } },
      now: NOW,
    });
    expect(proposal).toMatchObject({
      status: 'passed',
      changeType: 'shape',
      sourceLinks: [{ url: 'https://xrpl.org/resources/known-amendments#priceoracle' }],
    });
  });

  it('leaves out supported amendments without a majority, since public `feature` lists obsolete ones the same way', () => {
    // fixNFTokenDirV1 is retired (VoteBehavior::Obsolete in rippled features.macro), yet public
    // `feature` shows it exactly like a live candidate: supported, not enabled, not vetoed.
    const proposals = amendmentProposals({
      amendments: { LedgerEntryType: 'Amendments' },
      features: {
        [PRICE_ORACLE]: { enabled: false, name: 'PriceOracle', supported: true },
        [FIX_NFTOKEN_DIR_V1]: { enabled: false, name: 'fixNFTokenDirV1', supported: true },
      },
      now: NOW,
    });
    expect(proposals).toEqual([]);
  });

  it('leaves out enabled amendments and unsupported ones nobody holds a majority for', () => {
    const proposals = amendmentProposals({
      amendments: { LedgerEntryType: 'Amendments', Amendments: [MULTI_SIGN.toLowerCase()] },
      features: {
        [MULTI_SIGN]: { enabled: true, name: 'MultiSign', supported: true },
        [AMM]: { enabled: false, name: 'AMM', supported: false },
      },
      now: NOW,
    });
    expect(proposals).toEqual([]);
  });

  it('trusts the validated ledger over the server’s enabled flag', () => {
    // `feature` reports the server's latest ledger; an amendment in Majorities of the validated one is still passed.
    const [proposal] = amendmentProposals({
      amendments: { LedgerEntryType: 'Amendments', Majorities: [{ Majority: { Amendment: FIX_PREVIOUS_TXN_ID, CloseTime: 779561310 } }] },
      features: { [FIX_PREVIOUS_TXN_ID]: { enabled: true, name: 'fixPreviousTxnID', supported: true } },
      now: NOW,
    });
    expect(proposal?.status).toBe('passed');
  });
});

describe('amendments as changes of shape on the part of an account they concern', () => {
  const proposalFor = (id: string, name: string) =>
    amendmentProposals({
      amendments: { LedgerEntryType: 'Amendments', Majorities: [{ Majority: { Amendment: id, CloseTime: 782524800 } }] },
      features: { [id]: { enabled: false, name, supported: true } },
      now: NOW,
    })[0]!;
  const lp = { position: { id: 'xrpl-amm-r1', protocol: 'xrpl', asset: 'LP', amount: '10', user_address: 'r1' }, inputs: { market: 'amm', role: 'lp' as const } };
  const xrp = { position: { id: 'xrpl-xrp', protocol: 'xrpl', asset: 'XRP', amount: '100', user_address: 'r1' }, inputs: { role: 'balance' as const, ledgerReserve: { ownerCount: 1, baseDrops: 1_000_000, incrementDrops: 200_000 } } };

  it('reaches an account’s AMM LP position with an AMM amendment, as a low change of shape', () => {
    const proposal = proposalFor(AMM, 'AMM');
    expect(proposal.changes).toEqual([expect.objectContaining({ parameter: 'amendment', market: 'amm', to: 'AMM', verified: true })]);
    expect(simulateProposal(proposal, [xrp, lp])).toMatchObject({ level: 'low', analysisStatus: 'simulated', affectedAssets: ['LP'] });
  });

  it('reaches no position with an amendment about a part of the ledger no position uses', () => {
    expect(simulateProposal(proposalFor(FIX_PREVIOUS_TXN_ID, 'fixPreviousTxnID'), [xrp, lp])).toBeNull();
  });

  it('leaves an amendment it does not know unclassified rather than guessing whom it reaches', () => {
    expect(proposalFor(MULTI_SIGN, 'SomethingNew').changes).toEqual([]);
  });
});
