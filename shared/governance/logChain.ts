import type { Address, Chain } from 'viem';
import { CHANGED_RECENTLY_DAYS } from '../contract/mechanisms.js';
import type { UpstreamId } from '../upstream/endpoints.js';

/** How far back a source reads a chain's logs, and in what ranges. */
export interface LogWindow {
  /** To turn days into blocks, and to date a log from the head's time where the node gives none. */
  secondsPerBlock: number;
  /** How many blocks back from the head the source reads. */
  lookbackBlocks: bigint;
  /** The widest range one eth_getLogs asks: public endpoints cap a query's range, so the window is asked in ranges of this size, all in one JSON-RPC batch. */
  logChunkBlocks: bigint;
}

/**
 * One chain a governance source reads the recent logs of: the upstream it asks, the chain that
 * upstream must serve, the window, and the explorer its items link to. Each source adds what is its
 * own: the contracts it watches, its system's key.
 */
export interface LogChain extends LogWindow {
  upstream: UpstreamId;
  viemChain: Chain;
  /** eth_chainId as CHAINS writes it: an endpoint serving another chain fails the read. */
  chainId: string;
  explorer: string;
}

const DAY_SECONDS = 24 * 3600;

/**
 * A window of `lookbackSeconds` of blocks `secondsPerBlock` apart, asked in ranges of
 * `logChunkBlocks` (rounded up, so a fractional block time never shortens it). Pure.
 *
 * @example logWindow(16 * 24 * 3600, 12, 50_000n) // 115,200 blocks of 12 s, asked in three ranges
 */
export function logWindow(lookbackSeconds: number, secondsPerBlock: number, logChunkBlocks: bigint): LogWindow {
  return { secondsPerBlock, lookbackBlocks: BigInt(Math.ceil(lookbackSeconds / secondsPerBlock)), logChunkBlocks };
}

/**
 * The window of a source of changes made without a vote: CHANGED_RECENTLY_DAYS of blocks, so every
 * change the feed still shows is in it. Pure.
 *
 * @example recentChangesWindow(2, 500_000n) // 1,296,000 blocks of 2 s, asked in three ranges
 */
export function recentChangesWindow(secondsPerBlock: number, logChunkBlocks: bigint): LogWindow {
  return logWindow(CHANGED_RECENTLY_DAYS * DAY_SECONDS, secondsPerBlock, logChunkBlocks);
}

/** Each address once, whatever its case, in the order first met (an eth_getLogs filter's address list, which a recording matches as sent). Pure. */
export function uniqueAddresses(addresses: readonly Address[]): Address[] {
  const seen = new Set<string>();
  return addresses.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
