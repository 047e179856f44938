import type { FeeValues } from './feeValues.js';

/** Fee settings before a SetFee, as a public announcement gave them, for when the meta is not at hand. */
export interface PublishedPreviousFees {
  previous: FeeValues;
  /** The page that states the previous values. */
  source: string;
}

/**
 * Previous values of past fee changes, keyed by the SetFee's hash. A `tx` answer carries them in
 * its meta (PreviousFields of the FeeSettings node), but servers without that ledger's history,
 * and the published copy of this SetFee, have no meta; the announcement then gives `from`.
 *
 * 4EEDB01B…: the SetFee of ledger 92508417, 2024-12-02T22:45:51Z (xrpl-dev-portal feesettings.md
 * and setfee.md examples). xrpl.org/blog/2024/lower-reserves-are-in-effect: on 2024-12-02 reserves
 * went to 1 XRP base (down from 10) and 0.2 XRP per item (down from 2); the 10-drop base cost
 * remained unchanged.
 */
export const PUBLISHED_PREVIOUS_FEES: Readonly<Record<string, PublishedPreviousFees>> = {
  '4EEDB01BB943CE32E97BB468AC179ABF933B272D6FF990E76B6721FB48E069FC': {
    previous: { baseFeeDrops: 10, reserveBaseDrops: 10_000_000, reserveIncrementDrops: 2_000_000 },
    source: 'https://xrpl.org/blog/2024/lower-reserves-are-in-effect',
  },
};
