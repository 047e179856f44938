import type { ScanDegradation } from '../contract/common.js';
import type { Envelope } from '../contract/envelope.js';
import type { Matched } from '../proposals/filters.js';
import type { Effect } from '../simulate/effect.js';
import type { AccountChanges } from '../simulate/simulateProposal.js';
import type { PositionsSnapshot } from './positionsFor.js';

/** A matched proposal with the effects behind its impact (the page charts them; the JSON does not carry them). */
export interface ScannedProposal extends Matched {
  effects?: Effect[];
  /** The lending accounts its changes reach, with the changes applied to each (the page's what-to-do maths); never on the wire. */
  accounts?: AccountChanges[];
}

/** A wallet scan before filters, ordering and view. */
export interface ScanResult {
  /**
   * What the scan was made from: the wallet, the modules, the feed's version and when the positions
   * were read. Answers rendered from the scan may be kept under it until `expiresAtMs`.
   */
  id: string;
  /** The stored feed's version it was matched against; none for a demo wallet (matched against the demo set). */
  feedVersion?: string;
  /** When the positions it was made from leave the scan cache (fetchedAt + SCAN_CACHE_SECONDS). */
  expiresAtMs: number;
  snapshot: PositionsSnapshot;
  /** Every proposal of the checked modules that touches the wallet, with its impact. */
  matched: ScannedProposal[];
  /**
   * Every proposal the wallet was matched against (of a stored feed, those its index says may touch
   * the wallet: proposalIndex.ts), to answer a detail request for one it does not touch.
   */
  candidates: ScannedProposal[];
  degraded: ScanDegradation[];
  /** The worst case without a vote for each lending account and rate position the declared bounds reach (envelopesOf). */
  envelopes?: Envelope[];
}

/** How long answers rendered from a scan stand: until its positions leave the cache, and while the feed it was matched against is the stored one. */
export interface ScanStanding {
  expiresAtMs: number;
  feedVersion?: string;
}

export const standingOf = (scan: Pick<ScanResult, 'expiresAtMs' | 'feedVersion'>): ScanStanding => ({
  expiresAtMs: scan.expiresAtMs,
  ...(scan.feedVersion !== undefined && { feedVersion: scan.feedVersion }),
});
