import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { usdPrice } from '../../../prices/usdPrice.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { positionsFromAccount } from './positionsFromAccount.js';
import { readXrplAccount } from './readXrplAccount.js';
import { xrplInfo } from '../info.js';

/**
 * The XRPL exposure: a wallet's XRP (with its account reserve, for fee-vote simulations) and the
 * tokens it holds on trust lines, from the validated ledger; XRP valued in USD when the prices
 * upstream answers, asked beside the ledger reads. The upstreams come in the context: the
 * process's in production, the replay server's in tests.
 *
 * @example
 * const positions = await xrplExposure().readPositions({ kind: 'xrpl', address }, { signal, now: new Date(), upstreams: services.upstreams });
 */
export function xrplExposure(): ExposureComponent {
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const upstreams = context.upstreams;
      const [state, xrpUsd] = await Promise.all([readXrplAccount(upstreams.xrpl, wallet.address, context.signal), usdPrice(upstreams.prices, xrplInfo.pricedAssets.XRP, context.signal)]);
      return positionsFromAccount(state, wallet, xrpUsd);
    },
  };
}
