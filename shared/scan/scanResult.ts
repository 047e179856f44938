import type { ScanDegradation } from '../api/schemas/common.js';
import type { Matched } from '../proposals/filters.js';
import type { PositionsSnapshot } from './positionsFor.js';

/** A wallet scan before filters, ordering and view. */
export interface ScanResult {
  snapshot: PositionsSnapshot;
  /** Every proposal of the checked modules that touches the wallet, with its impact. */
  matched: Matched[];
  /** Every proposal the wallet was matched against, to answer a detail request for one it does not touch. */
  candidates: Matched[];
  degraded: ScanDegradation[];
}
