import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { usdPrice } from '../../../prices/usdPrice.js';
import { guardedBy } from '../../../upstream/guardedBy.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { positionsFromHub } from './positionsFromHub.js';
import { openHubQueryClient, readHubStaking, readLiquidUatom } from './readHubAccount.js';
import { cosmoshubInfo } from '../info.js';

/**
 * The Cosmos Hub exposure: a wallet's delegated ATOM (with the delegator's APR after commission,
 * its validators, the community tax and the inflation a governance change moves), its pending
 * rewards and its liquid ATOM. Requests per scan on the cosmosRpc upstream: ten, all at once:
 * `status` (the chain check) and nine abci_query (delegations, rewards, balance, annual provisions,
 * staking pool, distribution params, the delegator's validators, mint inflation and mint params);
 * beside them, ATOM's USD price from the prices upstream (none: no valueUsd).
 *
 * @example
 * const positions = await cosmoshubExposure().readPositions({ kind: 'cosmos', address }, { signal, now: new Date(), upstreams: services.upstreams });
 */
export function cosmoshubExposure(): ExposureComponent {
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const upstreams = context.upstreams;
      const upstream = upstreams.cosmosRpc;
      const { client, checked } = openHubQueryClient(upstream, context.signal);
      const [[staking, liquid], atomUsd] = await Promise.all([
        guardedBy(checked, Promise.all([readHubStaking(client, upstream, wallet.address), readLiquidUatom(client, wallet.address)])),
        usdPrice(upstreams.prices, cosmoshubInfo.pricedAssets.ATOM, context.signal),
      ]);
      return positionsFromHub(staking, liquid, wallet, atomUsd);
    },
  };
}
