import type { Wallet } from '../address/types.js';
import type { PositionsRead } from './readPositions.js';

/**
 * Positions as a scan uses them, with when they were read from upstream: what the scan cache
 * holds. Apart from positionsFor so that the Services port can name it without importing the code
 * that reads positions through those services.
 */
export interface PositionsSnapshot extends PositionsRead {
  wallet: Wallet;
  fetchedAt: string;
}
