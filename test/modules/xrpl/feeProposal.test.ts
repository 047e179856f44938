import { describe, expect, it } from 'vitest';
import { decodeFeeChange } from '../../../shared/modules/xrpl/decodeFeeChange.js';
import { feeProposal } from '../../../shared/modules/xrpl/feeProposal.js';
import { feeValues } from '../../../shared/modules/xrpl/feeValues.js';
import { FeeSettingsNode, parseAnswer, SetFeeTx } from '../../../shared/modules/xrpl/ledgerObjects.js';
import { previousFeesFromMeta } from '../../../shared/modules/xrpl/previousFeesFromMeta.js';

const NOW = new Date('2026-11-22T00:00:00Z');

// xrpl-dev-portal setfee.md, "Legacy Format" tab: a real SetFee of ledger 3721729 (20/5 XRP era).
const LEGACY_SETFEE = {
  Account: 'rrrrrrrrrrrrrrrrrrrrrhoLvTp',
  BaseFee: '000000000000000A',
  Fee: '0',
  ReferenceFeeUnits: 10,
  ReserveBase: 20000000,
  ReserveIncrement: 5000000,
  Sequence: 0,
  SigningPubKey: '',
  TransactionType: 'SetFee',
  date: 439578860,
  hash: '1C15FEA3E1D50F96B6598607FC773FF1F6E0125F30160144BE0C5CBC52F5151B',
  ledger_index: 3721729,
};
// xrpl-dev-portal feesettings.md, "Legacy Format" tab (no PreviousTxnID there; the tests add the SetFee's).
const LEGACY_FEE_SETTINGS = {
  BaseFee: '000000000000000A',
  Flags: 0,
  LedgerEntryType: 'FeeSettings',
  ReferenceFeeUnits: 10,
  ReserveBase: 20000000,
  ReserveIncrement: 5000000,
  index: '4BC50C9B0D8515D3EAAE1E74B29A95804346C491EE1A95BF25E4AAB854A6A651',
} as const;

describe('feeValues', () => {
  it('reads the legacy fields, BaseFee as hex', () => {
    expect(feeValues(LEGACY_FEE_SETTINGS)).toEqual({ baseFeeDrops: 10, reserveBaseDrops: 20_000_000, reserveIncrementDrops: 5_000_000 });
  });

  it('prefers the *Drops fields', () => {
    expect(feeValues({ ReserveBaseDrops: '1000000', ReserveBase: 10000000 })).toEqual({ reserveBaseDrops: 1_000_000 });
  });
});

describe('decodeFeeChange', () => {
  const evidence = { txHash: 'AB'.repeat(32), ledgerIndex: 7, previousFrom: 'a page' };

  it('leaves out a reserve that did not move', () => {
    const changes = decodeFeeChange({ reserveBaseDrops: 1_000_000, reserveIncrementDrops: 200_000 }, { reserveBaseDrops: 1_000_000, reserveIncrementDrops: 2_000_000 }, evidence);
    expect(changes).toEqual([expect.objectContaining({ parameter: 'reserveIncrement', from: 2_000_000, to: 200_000 })]);
  });

  it('reports both reserves with `to` only when the previous values are unknown', () => {
    const changes = decodeFeeChange({ reserveBaseDrops: 1_000_000, reserveIncrementDrops: 200_000 }, undefined, evidence);
    expect(changes.map((change) => [change.parameter, change.from, change.to])).toEqual([
      ['reserveBase', undefined, 1_000_000],
      ['reserveIncrement', undefined, 200_000],
    ]);
    expect(changes[0]!.evidence).toBe(`SetFee ${evidence.txHash} (ledger 7): ReserveBaseDrops`);
  });
});

describe('SetFee answers', () => {
  it('parses the legacy v1 answer and the v2 tx_json form to the same values', () => {
    const v1 = parseAnswer(SetFeeTx, LEGACY_SETFEE, 'tx', 'xrpl');
    const { date, ledger_index, hash, ...txJson } = LEGACY_SETFEE;
    const v2 = parseAnswer(SetFeeTx, { tx_json: txJson, hash, date, ledger_index, validated: true }, 'tx', 'xrpl');
    for (const parsed of [v1, v2]) {
      expect(parsed).toMatchObject({ hash, date: 439578860, ledgerIndex: 3721729 });
      expect(feeValues(parsed.fields)).toEqual({ baseFeeDrops: 10, reserveBaseDrops: 20_000_000, reserveIncrementDrops: 5_000_000 });
    }
  });

  it('turns an answer that is not a SetFee into upstream_malformed', () => {
    expect(() => parseAnswer(SetFeeTx, { ...LEGACY_SETFEE, TransactionType: 'Payment' }, 'tx', 'xrpl')).toThrow(expect.objectContaining({ code: 'upstream_malformed' }));
    expect(() => parseAnswer(FeeSettingsNode, { LedgerEntryType: 'FeeSettings', ReserveBaseDrops: 1000000 }, 'fee', 'xrpl')).toThrow(
      expect.objectContaining({ code: 'upstream_malformed' }),
    );
  });

  it('reads previous values from the meta, unchanged fields kept', () => {
    const meta = {
      AffectedNodes: [
        { CreatedNode: { LedgerEntryType: 'DirectoryNode' } },
        { ModifiedNode: { LedgerEntryType: 'FeeSettings', PreviousFields: { ReserveBase: 20000000, ReserveIncrement: 5000000 } } },
      ],
    };
    expect(previousFeesFromMeta(meta, { baseFeeDrops: 10, reserveBaseDrops: 10_000_000, reserveIncrementDrops: 2_000_000 })).toEqual({
      baseFeeDrops: 10,
      reserveBaseDrops: 20_000_000,
      reserveIncrementDrops: 5_000_000,
    });
    expect(previousFeesFromMeta(undefined, {})).toBeUndefined();
  });
});

describe('feeProposal', () => {
  it('dates a legacy fee change from its SetFee and names it by ledger', () => {
    const feeSettings = { ...LEGACY_FEE_SETTINGS, PreviousTxnID: LEGACY_SETFEE.hash, PreviousTxnLgrSeq: LEGACY_SETFEE.ledger_index };
    const proposal = feeProposal({ feeSettings, setFee: parseAnswer(SetFeeTx, LEGACY_SETFEE, 'tx', 'xrpl'), now: NOW });
    expect(proposal).toMatchObject({
      id: 'xrpl-fee-3721729',
      status: 'executed',
      // 439578860 + 946684800 s.
      effectiveDate: '2013-12-05T17:14:20Z',
      title: 'Fee vote: base reserve 20 XRP, owner reserve 5 XRP',
      changes: [
        { parameter: 'reserveBase', to: 20_000_000, unit: 'drops', verified: true },
        { parameter: 'reserveIncrement', to: 5_000_000, unit: 'drops', verified: true },
      ],
    });
    expect(proposal!.changes[0]!.from).toBeUndefined();
    expect(proposal!.description).toContain('Previous values are not known');
  });

  it('keeps an undated fee change when the server lacks the SetFee, first seen now', () => {
    const proposal = feeProposal({
      feeSettings: { LedgerEntryType: 'FeeSettings', ReserveBaseDrops: '1000000', ReserveIncrementDrops: '200000', PreviousTxnID: 'CD'.repeat(32), PreviousTxnLgrSeq: 5 },
      now: NOW,
    });
    expect(proposal).toMatchObject({ id: 'xrpl-fee-5', timeline: {}, firstSeen: NOW.toISOString() });
    expect(proposal!.effectiveDate).toBeUndefined();
  });

  it('makes no proposal from values no SetFee ever set', () => {
    expect(feeProposal({ feeSettings: LEGACY_FEE_SETTINGS, now: NOW })).toBeUndefined();
  });
});
