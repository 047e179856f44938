import { getAddress } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { positionsFromLendingPool } from '../../../readers/lendingPool/positionsFromLendingPool.js';
import { readLendingPoolAccount } from '../../../readers/lendingPool/readLendingPoolAccount.js';
import { type EvmReader, evmReader } from '../../../upstream/clients/ethereumReader.js';
import { withDeadline } from '../../../upstream/withDeadline.js';
import { type ChainFailure, PartialPositions } from '../../partialPositions.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { AAVE_MARKETS, type AaveMarket, marketsByChain } from './markets.js';
import { readV4Positions } from '../v4/readV4Positions.js';
import { V4_SPOKES, type V4Spoke, v4SpokesOn } from '../v4/spokes.js';

/**
 * The share of the scan's module deadline (ComponentContext.deadlineMs, MODULE_DEADLINE_MS) one
 * chain may take: a chain whose endpoint hangs is cut and reported alone while the answers of the
 * others are still on time.
 */
export const CHAIN_DEADLINE_SHARE = 0.9;

export interface AaveExposureOptions {
  /** The markets to read; every market of markets.ts unless a test narrows them. */
  markets?: readonly AaveMarket[];
  /** The v4 spokes to read on those markets' chains; every spoke of v4/spokes.ts with the default markets, none when a test narrows the markets. */
  spokes?: readonly V4Spoke[];
  /** Each chain's own deadline (ms); by default CHAIN_DEADLINE_SHARE of the context's, and none without one. */
  chainDeadlineMs?: number;
}

/**
 * The Aave v3 exposure on every market of the address book a chain upstream serves (markets.ts):
 * the shared lending-pool reader (shared/readers/lendingPool/) on each, every chain at once. A
 * chain's markets ride its upstream's shared reader, so their rounds join in one aggregate3 (beside
 * the other EVM modules' on that chain): at most two HTTP requests per chain, one once the reader
 * knows the markets' shapes. Every wallet needs round two: round one cannot tell a supply not used
 * as collateral from no account (neither shows in its totals). A chain that fails never takes the
 * others' positions with it: they are kept (PartialPositions), and the scan reports aave degraded
 * once per failed chain, naming it.
 *
 * @example
 * const positions = await aaveExposure().readPositions({ kind: 'evm', address }, { signal, now: new Date(), upstreams: services.upstreams });
 */
export function aaveExposure({ markets = AAVE_MARKETS, spokes = markets === AAVE_MARKETS ? V4_SPOKES : [], chainDeadlineMs }: AaveExposureOptions = {}): ExposureComponent {
  const chains = [...marketsByChain(markets)];
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const user = getAddress(wallet.address);
      const deadlineMs = chainDeadlineMs ?? (context.deadlineMs === undefined ? undefined : Math.floor(context.deadlineMs * CHAIN_DEADLINE_SHARE));
      const within = <T>(read: (signal: AbortSignal) => Promise<T>): Promise<T> =>
        deadlineMs === undefined ? read(context.signal) : withDeadline(deadlineMs, (signal) => read(AbortSignal.any([signal, context.signal])));
      const read = (market: AaveMarket, reader: EvmReader) => within((signal) => readLendingPoolAccount(market, reader, user, signal));
      const reads = await Promise.all(
        chains.map(async ([chain, onChain]) => {
          const reader = evmReader(context.upstreams[chain], onChain[0]!.viemChain);
          // The chain's v4 spokes ride the same reader: their first round joins the pools' (v4/readSpokeAccounts.ts).
          const onSpokes = v4SpokesOn(chain, spokes);
          const [settled, v4] = await Promise.all([
            Promise.allSettled(onChain.map((market) => read(market, reader))),
            Promise.allSettled(onSpokes.length > 0 ? [within((signal) => readV4Positions(onSpokes, reader, user, wallet, signal))] : []),
          ]);
          const positions = [
            ...settled.flatMap((read, index) => (read.status === 'fulfilled' && read.value ? positionsFromLendingPool(onChain[index]!, read.value, wallet) : [])),
            ...v4.flatMap((read) => (read.status === 'fulfilled' ? read.value : [])),
          ];
          // A chain's markets share its requests: the first market's failure is the chain's, told the same way each time.
          const failed = [...settled, ...v4].find((read) => read.status === 'rejected');
          return { chain, positions, ...(failed && { failure: { chain, cause: failed.reason } satisfies ChainFailure }) };
        }),
      );
      const positions = reads.flatMap((read) => read.positions);
      const failures = reads.flatMap((read) => (read.failure ? [read.failure] : []));
      if (failures.length === 0) return positions;
      // Read on one chain only (a narrowed set of markets), its failure is the module's own.
      if (chains.length === 1) throw failures[0]!.cause;
      throw new PartialPositions(positions, failures[0]!.cause, failures);
    },
  };
}
