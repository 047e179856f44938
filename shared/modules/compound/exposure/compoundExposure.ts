import { getAddress } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { ethereumReader } from '../../../upstream/clients/ethereumReader.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { positionsFromComet } from './positionsFromComet.js';
import { positionsFromV2 } from './positionsFromV2.js';
import { readCometAccounts } from './readCometAccounts.js';
import { readV2Account } from './readV2Account.js';

/**
 * The Compound exposure: v3 on the Comet USDC and WETH markets (base supplied or borrowed, each
 * collateral with its factors, the rate model, Comet's own prices) and v2 (each cToken supplied or
 * borrowed, valued with the Comptroller's oracle). Two Multicall3 rounds on the shared Ethereum
 * reader, joined with the other EVM modules'; v2 asks nothing of its own beyond them: its first
 * reads go with the Comets' round one, its prices (when the oracle is not known yet) with round two.
 * A wallet in no market stops after round one, and once the reader knows the markets' listings and
 * the oracle both rounds go out together (readCometAccounts, readV2Account).
 *
 * @example
 * const positions = await compoundExposure().readPositions({ kind: 'evm', address }, { signal, now: new Date(), upstreams: services.upstreams });
 */
export function compoundExposure(): ExposureComponent {
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const reader = ethereumReader(context.upstreams.ethereum);
      const user = getAddress(wallet.address);
      const [comets, v2] = await Promise.all([readCometAccounts(reader, user, context.signal), readV2Account(reader, user, context.signal)]);
      return [...positionsFromComet(comets, wallet), ...positionsFromV2(v2, wallet)];
    },
  };
}
