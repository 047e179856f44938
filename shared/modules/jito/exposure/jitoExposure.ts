import { address } from '@solana/kit';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { usdPrice } from '../../../prices/usdPrice.js';
import { solanaRpc } from '../../../upstream/clients/solanaRpc.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { positionsFromJitoSol } from './positionsFromJitoSol.js';
import { readJitoSolHoldings } from './readJitoSolHoldings.js';
import { jitoInfo } from '../info.js';

/**
 * The Jito exposure: the JitoSOL a Solana wallet holds, with the pool's APR and its epoch fee
 * (what a SetFee vote changes). One round trip of three requests on the solana upstream, with
 * SOL's USD price asked beside it; a wallet holding no JitoSOL has no position.
 *
 * @example
 * const positions = await jitoExposure().readPositions({ kind: 'solana', address }, { signal, now: new Date(), upstreams: services.upstreams });
 */
export function jitoExposure(): ExposureComponent {
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      if (wallet.kind !== 'solana') return [];
      const upstreams = context.upstreams;
      const [read, solUsd] = await Promise.all([
        readJitoSolHoldings(solanaRpc(upstreams.solana), address(wallet.address), context.signal),
        usdPrice(upstreams.prices, jitoInfo.pricedAssets.SOL, context.signal),
      ]);
      return read ? positionsFromJitoSol(read, wallet, solUsd) : [];
    },
  };
}
