import type { ExposurePosition } from '../domain/position.js';

/** One chain a module could not read, and why. */
export interface ChainFailure {
  /** The chain's upstream id, e.g. `arbitrum`. */
  chain: string;
  cause: unknown;
}

/**
 * What an exposure throws when it read part of a wallet's positions and not the rest (one of the
 * chains it reads failed, say): the scan keeps what was read and reports the module's exposure
 * degraded with the part's failure (`cause`), so an outage of one chain never loses the positions
 * read on another, and the answer says `partial` rather than passing for complete. With `chains`,
 * the scan reports each failed chain apart, naming it (ScanDegradation.chain).
 */
export class PartialPositions extends Error {
  constructor(
    readonly positions: ExposurePosition[],
    cause: unknown,
    readonly chains: readonly ChainFailure[] = [],
  ) {
    super('some of the positions could not be read', { cause });
    this.name = 'PartialPositions';
  }
}
