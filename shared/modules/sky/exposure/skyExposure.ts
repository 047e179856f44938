import { getAddress } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { ethereumReader } from '../../../upstream/clients/ethereumReader.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { positionsFromSky } from './positionsFromSky.js';
import { readSkyHoldings } from './readSkyHoldings.js';

/**
 * The Sky exposure: USDS and DAI balances, sUSDS with the SSR and sDAI with the DSR, read in one
 * Multicall3 round on the shared Ethereum reader (so with the other EVM modules' first reads, in
 * one HTTP request).
 *
 * @example
 * const positions = await skyExposure().readPositions({ kind: 'evm', address }, { signal, now: new Date(), upstreams: services.upstreams });
 */
export function skyExposure(): ExposureComponent {
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const read = await readSkyHoldings(ethereumReader(context.upstreams.ethereum), getAddress(wallet.address), context.signal);
      return positionsFromSky(read, wallet);
    },
  };
}
