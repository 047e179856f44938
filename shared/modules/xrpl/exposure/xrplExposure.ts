import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { usdPrice } from '../../../prices/usdPrice.js';
import type { Upstreams } from '../../../upstream/upstreams.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { positionsFromAccount } from './positionsFromAccount.js';
import { readXrplAccount } from './readXrplAccount.js';
import { xrplInfo } from '../info.js';
import { upstreamsOf } from '../../upstreamsOf.js';

/**
 * The XRPL exposure: a wallet's XRP (with its account reserve, for fee-vote simulations) and the
 * tokens it holds on trust lines, from the validated ledger; XRP valued in USD when the prices
 * upstream answers, asked beside the ledger reads. Tests pass the replay server's upstreams;
 * production uses the process's.
 *
 * @example
 * const positions = await xrplExposure().readPositions({ kind: 'xrpl', address }, { signal, now: new Date() });
 */
export function xrplExposure(getUpstreams?: () => Upstreams): ExposureComponent {
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const [state, xrpUsd] = await Promise.all([readXrplAccount(upstreamsOf(context, getUpstreams).xrpl, wallet.address, context.signal), usdPrice(upstreamsOf(context, getUpstreams).prices, xrplInfo.pricedAssets.XRP, context.signal)]);
      return positionsFromAccount(state, wallet, xrpUsd);
    },
  };
}
