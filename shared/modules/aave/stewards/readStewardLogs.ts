import type { PublicClient } from 'viem';
import { type RecentLog, readRecentLogs } from '../../../upstream/clients/readRecentLogs.js';
import { type StewardChain, watchedAddresses } from './stewardChains.js';
import { stewardSourceEvents } from './stewardEvents.js';

/** One decoded log of the window, as plain data. */
export type StewardLog = RecentLog;

/** What the source reads of one chain. */
export interface StewardChainRead {
  chain: StewardChain;
  head: bigint;
  headTimestamp: bigint;
  /** Oldest first. */
  logs: StewardLog[];
}

/**
 * One chain's window (readRecentLogs: two HTTP requests): every watched address
 * (stewardChains.watchedAddresses) and every event of stewardEvents.ts, in one filter, over the
 * last `lookbackBlocks`. Any failure rejects the whole read.
 *
 * @throws UpstreamError
 */
export async function readStewardLogs(client: PublicClient, chain: StewardChain): Promise<StewardChainRead> {
  const read = await readRecentLogs(client, { upstream: chain.upstream, chainId: chain.chainId, addresses: watchedAddresses(chain), events: stewardSourceEvents, lookbackBlocks: chain.lookbackBlocks, logChunkBlocks: chain.logChunkBlocks });
  return { chain, ...read };
}
