import { getAddress } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { ethereumReader } from '../../../upstream/clients/ethereumReader.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { positionsFromLido } from './positionsFromLido.js';
import { readLidoHoldings } from './readLidoHoldings.js';

/**
 * The Lido exposure: stETH and wstETH held by the wallet, valued in USD, with the staking APR and
 * the protocol's fee on rewards (what a fee vote changes). A wallet not seen holding on this process
 * is asked its two balances in the shared Ethereum reader's round; a holder's round also values it,
 * with one eth_getLogs (the last TokenRebased) beside it once the reader has seen a recent head
 * (readLidoHoldings).
 *
 * @example
 * const positions = await lidoExposure().readPositions({ kind: 'evm', address }, { signal, now: new Date(), upstreams: services.upstreams });
 */
export function lidoExposure(): ExposureComponent {
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const read = await readLidoHoldings(ethereumReader(context.upstreams.ethereum), getAddress(wallet.address), context.signal);
      return read ? positionsFromLido(read, wallet) : [];
    },
  };
}
