import type { Address } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import type { EvmReader } from '../../../upstream/clients/ethereumReader.js';
import { positionsFromSpoke } from './positionsFromSpoke.js';
import { readSpokeAccounts } from './readSpokeAccounts.js';
import type { V4Spoke } from './spokes.js';

/**
 * The wallet's Aave v4 positions in `spokes` (one chain's), on that chain's shared reader: the
 * aave exposure runs it beside the chain's v3 markets, so its first round joins theirs.
 *
 * @example const positions = await readV4Positions(v4SpokesOn('ethereum'), reader, user, wallet, signal);
 */
export async function readV4Positions(spokes: readonly V4Spoke[], reader: EvmReader, user: Address, wallet: Wallet, signal: AbortSignal): Promise<ExposurePosition[]> {
  const accounts = await readSpokeAccounts(spokes, reader, user, signal);
  return accounts.flatMap((account) => positionsFromSpoke(account, wallet));
}
