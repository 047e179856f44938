import { getAddress } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { ethereumReader } from '../../../upstream/clients/ethereumReader.js';
import type { Upstreams } from '../../../upstream/upstreams.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { positionsFromMorpho } from './positionsFromMorpho.js';
import { readMorphoAccount } from './readMorphoAccount.js';
import { upstreamsOf } from '../../upstreamsOf.js';

/**
 * The Morpho exposure on Ethereum: shares of the listed MetaMorpho vaults (ERC-4626 balanceOf,
 * then convertToAssets) and positions in the listed Morpho Blue markets (supply, borrow,
 * collateral, with the health factor from the market's LLTV and oracle), valued through Chainlink
 * USD feeds. Rides the shared Ethereum reader: at most two HTTP requests, shared with the other
 * EVM modules (readMorphoAccount). Base positions are not read yet (README.md).
 *
 * @example
 * const positions = await morphoExposure().readPositions({ kind: 'evm', address }, { signal, now: new Date() });
 */
export function morphoExposure(getUpstreams?: () => Upstreams): ExposureComponent {
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const read = await readMorphoAccount(ethereumReader(upstreamsOf(context, getUpstreams).ethereum), getAddress(wallet.address), context.signal);
      return positionsFromMorpho(read, wallet);
    },
  };
}
