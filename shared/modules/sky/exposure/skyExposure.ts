import { getAddress } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { ethereumReader } from '../../../upstream/clients/ethereumReader.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { positionsFromSky } from './positionsFromSky.js';
import { positionsFromVaults } from './positionsFromVaults.js';
import { readSkyHoldings } from './readSkyHoldings.js';
import { readSkyVaults } from './readSkyVaults.js';
import { readSpBeamConfig } from '../readSpBeamConfig.js';
import { rememberSpBeamConfig, spBeamReadIsFresh } from '../spBeamReadMemo.js';

/**
 * The Sky exposure: USDS and DAI balances, sUSDS with the SSR and sDAI with the DSR, and the
 * wallet's vaults (CDP manager, directly or through its DSProxy, and staking-engine urns), whose
 * first round rides in the same Multicall3 round on the shared Ethereum reader (so with the other
 * EVM modules' first reads, in one HTTP request), with SP-BEAM's bounds for the envelope once a minute; only a
 * wallet with a DSProxy or a vault costs more.
 *
 * @example
 * const positions = await skyExposure().readPositions({ kind: 'evm', address }, { signal, now: new Date(), upstreams: services.upstreams });
 */
export function skyExposure(): ExposureComponent {
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const reader = ethereumReader(context.upstreams.ethereum);
      const user = getAddress(wallet.address);
      // SP-BEAM's bounds ride in the same first round, for the scan's envelope, unless a read of the
      // last minute stands (spBeamReadMemo.ts); failing, they leave the declared defaults, never the positions.
      const upstream = context.upstreams.ethereum;
      const [holdings, vaults] = await Promise.all([
        readSkyHoldings(reader, user, context.signal),
        readSkyVaults(reader, user, context.signal),
        spBeamReadIsFresh(upstream)
          ? undefined
          : readSpBeamConfig(reader, context.signal).then(
              (config) => rememberSpBeamConfig(upstream, config),
              () => rememberSpBeamConfig(upstream, undefined),
            ),
      ]);
      return [...positionsFromSky(holdings, wallet), ...positionsFromVaults(vaults, wallet)];
    },
  };
}
