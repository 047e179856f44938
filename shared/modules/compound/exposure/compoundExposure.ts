import { getAddress } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { ethereumReader } from '../../../upstream/clients/ethereumReader.js';
import { type Upstreams, upstreams } from '../../../upstream/upstreams.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { positionsFromComet } from './positionsFromComet.js';
import { readCometAccounts } from './readCometAccounts.js';

/**
 * The Compound v3 exposure on the Comet USDC and WETH markets: base supplied or borrowed, each
 * collateral with its liquidate collateral factor, rates at current utilization and Comet's own
 * prices. Two Multicall3 rounds on the shared Ethereum reader, joined with the other EVM modules';
 * a wallet in neither market stops after round one, and once the reader knows the markets'
 * listings both rounds go out together (readCometAccounts).
 *
 * @example
 * const positions = await compoundExposure().readPositions({ kind: 'evm', address }, { signal, now: new Date() });
 */
export function compoundExposure(getUpstreams: () => Upstreams = upstreams): ExposureComponent {
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const reads = await readCometAccounts(ethereumReader(getUpstreams().ethereum), getAddress(wallet.address), context.signal);
      return positionsFromComet(reads, wallet);
    },
  };
}
