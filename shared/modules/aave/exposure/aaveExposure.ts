import { lendingPoolExposure } from '../../../readers/lendingPool/lendingPoolExposure.js';
import type { ExposureComponent } from '../../types.js';
import { AAVE_V3_ETHEREUM_MARKET } from './deployment.js';

/**
 * The Aave v3 Ethereum Core exposure: the shared lending-pool reader (shared/readers/lendingPool/)
 * on the Core market. Two Multicall3 rounds on the shared Ethereum reader, joined with the other
 * EVM modules' rounds; once the reader knows the market's shape, both rounds go out together.
 * Every wallet needs round two: round one cannot tell a supply not used as collateral from no
 * account (neither shows in its totals).
 *
 * @example
 * const positions = await aaveExposure().readPositions({ kind: 'evm', address }, { signal, now: new Date(), upstreams: services.upstreams });
 */
export function aaveExposure(): ExposureComponent {
  return lendingPoolExposure(AAVE_V3_ETHEREUM_MARKET);
}
