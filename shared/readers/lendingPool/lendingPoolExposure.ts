import { getAddress } from 'viem';
import type { Wallet } from '../../address/types.js';
import type { ExposurePosition } from '../../domain/position.js';
import type { ComponentContext, ExposureComponent } from '../../modules/types.js';
import { ethereumReader } from '../../upstream/clients/ethereumReader.js';
import type { LendingPoolMarket } from './lendingPoolMarket.js';
import { positionsFromLendingPool } from './positionsFromLendingPool.js';
import { readLendingPoolAccount } from './readLendingPoolAccount.js';

/**
 * The exposure of one Ethereum market of a lending pool of the v3 pool interface (aave-dao/aave-v3-origin): the reserves a
 * wallet supplies (as collateral or not) or borrows, with the health factor, each collateral's
 * LT and LTV, eMode, rates and reserve factors a governance change moves. Its rounds go through the
 * shared Ethereum reader (shared/upstream/clients/ethereumReader.ts), which joins them with the
 * other EVM modules' rounds: no HTTP request of its own when a scan runs them together.
 *
 * @example
 * const positions = await lendingPoolExposure(market).readPositions(wallet, { signal, now: new Date(), upstreams: services.upstreams });
 */
export function lendingPoolExposure(market: LendingPoolMarket): ExposureComponent {
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const read = await readLendingPoolAccount(market, ethereumReader(context.upstreams.ethereum), getAddress(wallet.address), context.signal);
      return read ? positionsFromLendingPool(market, read, wallet) : [];
    },
  };
}
