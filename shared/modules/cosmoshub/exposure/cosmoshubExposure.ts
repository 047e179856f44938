import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { type Upstreams, upstreams } from '../../../upstream/upstreams.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { positionsFromHub } from './positionsFromHub.js';
import { connectHubQueryClient, readHubStaking, readLiquidUatom } from './readHubAccount.js';

/**
 * The Cosmos Hub exposure: a wallet's delegated ATOM (with the staking APR and community tax a
 * governance change moves), its pending rewards and its liquid ATOM. Requests per scan on the
 * cosmosRpc upstream: `status`, then six abci_query in parallel (delegations, rewards, balance,
 * annual provisions, staking pool, distribution params).
 *
 * @example
 * const positions = await cosmoshubExposure().readPositions({ kind: 'cosmos', address }, { signal, now: new Date() });
 */
export function cosmoshubExposure(getUpstreams: () => Upstreams = upstreams): ExposureComponent {
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const upstream = getUpstreams().cosmosRpc;
      const client = await connectHubQueryClient(upstream, context.signal);
      const [staking, liquid] = await Promise.all([readHubStaking(client, upstream, wallet.address), readLiquidUatom(client, wallet.address)]);
      return positionsFromHub(staking, liquid, wallet);
    },
  };
}
