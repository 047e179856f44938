import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import type { LendingPoolAccountRead } from '../../../readers/lendingPool/accountRead.js';
import { positionsFromLendingPool } from '../../../readers/lendingPool/positionsFromLendingPool.js';
import { AAVE_V3_ETHEREUM_MARKET } from './deployment.js';

/** The wallet's Core positions: the shared lending-pool reader's, on this market. Pure. */
export const positionsFromAave = (read: LendingPoolAccountRead, wallet: Wallet): ExposurePosition[] => positionsFromLendingPool(AAVE_V3_ETHEREUM_MARKET, read, wallet);
