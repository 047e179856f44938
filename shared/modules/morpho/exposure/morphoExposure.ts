import { getAddress } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { evmReader } from '../../../upstream/clients/ethereumReader.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { PartialPositions } from '../../partialPositions.js';
import { BASE, ETHEREUM, type MorphoChain } from '../deployment.js';
import { positionsFromMorpho } from './positionsFromMorpho.js';
import { readMorphoAccount } from './readMorphoAccount.js';

/** The chains whose positions the exposure reads, at the same time. */
const CHAINS: readonly MorphoChain[] = [ETHEREUM, BASE];

/**
 * The Morpho exposure on Ethereum and Base: shares of the listed MetaMorpho vaults (ERC-4626
 * balanceOf, then convertToAssets, with the vault's net rate) and positions in the listed Morpho
 * Blue markets (supply, borrow, collateral, with the health factor from the market's LLTV and
 * oracle), valued through Chainlink USD feeds. Each chain rides its upstream's shared reader, both
 * at once: at most two HTTP requests per upstream, shared with the other modules on it
 * (readMorphoAccount). A chain that fails never takes the other's positions with it: they are kept
 * (PartialPositions) and the scan reports morpho degraded, naming the failed chain, so the answer is
 * partial rather than a complete one missing that chain's positions.
 *
 * @example
 * const positions = await morphoExposure().readPositions({ kind: 'evm', address }, { signal, now: new Date(), upstreams: services.upstreams });
 */
export function morphoExposure(): ExposureComponent {
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const upstreams = context.upstreams;
      const user = getAddress(wallet.address);
      const reads = await Promise.allSettled(CHAINS.map((chain) => readMorphoAccount(evmReader(upstreams[chain.upstream], chain.viemChain), chain, user, context.signal)));
      const positions = reads.flatMap((read) => (read.status === 'fulfilled' ? positionsFromMorpho(read.value, wallet) : []));
      // Every chain's read has settled first, and the first chain's failure is the one told: the
      // same fault always gives the same message.
      const failed = reads.find((read) => read.status === 'rejected');
      if (!failed) return positions;
      if (reads.every((read) => read.status === 'rejected')) throw failed.reason;
      throw new PartialPositions(positions, failed.reason);
    },
  };
}
