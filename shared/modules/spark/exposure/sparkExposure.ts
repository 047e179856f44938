import { lendingPoolExposure } from '../../../readers/lendingPool/lendingPoolExposure.js';
import type { ExposureComponent } from '../../types.js';
import { SPARKLEND_ETHEREUM_MARKET } from './deployment.js';

/**
 * SparkLend Ethereum positions: the shared lending-pool reader (shared/readers/lendingPool/) on a
 * v3.0 market, in the same Multicall3 rounds as the other EVM modules. The simulator gets what Aave's
 * positions give it: the account (health factor, each collateral's LT and LTV, the eMode category
 * and which collateral it covers) and, per reserve, its rate model from the reserve's own strategy.
 *
 * @example
 * const positions = await sparkExposure().readPositions({ kind: 'evm', address }, { signal, now: new Date(), upstreams: services.upstreams });
 */
export function sparkExposure(): ExposureComponent {
  return lendingPoolExposure(SPARKLEND_ETHEREUM_MARKET);
}
