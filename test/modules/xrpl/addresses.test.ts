import { LedgerEntry, rippleTimeToUnixTime } from 'xrpl';
import { describe, expect, it } from 'vitest';
import { AMENDMENTS_INDEX, FEE_SETTINGS_INDEX } from '../../../shared/modules/xrpl/ledgerObjects.js';
import { RIPPLE_EPOCH_OFFSET } from '../../../shared/modules/xrpl/rippleTime.js';

/*
 * The XRPL module's ledger constants against the published library that declares them: xrpl.js
 * (the `xrpl` package, pinned in package.json), whose models/ledger/{Amendments,FeeSettings}.ts
 * export the singletons' ledger indexes (as LedgerEntry.AMENDMENTS_ID, LedgerEntry.FEE_SETTINGS_ID) and whose utils/timeConversion.ts holds the Ripple epoch.
 * The module declares its own copies; this holds them equal.
 */
describe('XRPL ledger constants', () => {
  it('the Amendments and FeeSettings singletons’ indexes are xrpl.js’s AMENDMENTS_ID and FEE_SETTINGS_ID', () => {
    expect([typeof LedgerEntry.AMENDMENTS_ID, typeof LedgerEntry.FEE_SETTINGS_ID]).toEqual(['string', 'string']);
    expect({ AMENDMENTS_INDEX, FEE_SETTINGS_INDEX }).toEqual({ AMENDMENTS_INDEX: LedgerEntry.AMENDMENTS_ID, FEE_SETTINGS_INDEX: LedgerEntry.FEE_SETTINGS_ID });
  });

  it('the Ripple epoch offset is the one xrpl.js converts ledger times with (2000-01-01T00:00:00Z)', () => {
    expect(rippleTimeToUnixTime(0) / 1000).toBe(RIPPLE_EPOCH_OFFSET);
    expect(new Date(RIPPLE_EPOCH_OFFSET * 1000).toISOString()).toBe('2000-01-01T00:00:00.000Z');
  });
});
