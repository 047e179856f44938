import type { Address, Hex, PublicClient } from 'viem';
import { verifyEvmChain } from '../../../upstream/clients/ethereumChain.js';
import { logRanges } from '../../../upstream/clients/logRanges.js';
import { upstreamMalformed } from '../../../upstream/errors.js';
import { type StewardChain, watchedAddresses } from './stewardChains.js';
import { stewardSourceEvents } from './stewardEvents.js';

/** One decoded log of the window, as plain data. */
export interface StewardLog {
  address: Address;
  eventName: string;
  args: Record<string, unknown>;
  blockNumber: bigint;
  logIndex: number;
  transactionHash: Hex;
  /** The block's time, unix seconds, where the node gives it (eth_getLogs' blockTimestamp, geth 1.16+). */
  blockTimestamp?: bigint;
}

/** What the source reads of one chain. */
export interface StewardChainRead {
  chain: StewardChain;
  head: bigint;
  headTimestamp: bigint;
  /** Oldest first. */
  logs: StewardLog[];
}

/**
 * Reads one chain's window in two rounds, each one HTTP request through viem's batch:
 * 1. eth_chainId (a wrong chain fails the read) and eth_getBlockByNumber('latest'): the head's number and time;
 * 2. eth_getLogs of every watched address (stewardChains.watchedAddresses) and every event of
 *    stewardEvents.ts, one filter, over the last `lookbackBlocks` in ranges of `logChunkBlocks`.
 * Any failure rejects the whole read: the feed build keeps the system's last good items.
 *
 * @throws UpstreamError
 */
export async function readStewardLogs(client: PublicClient, chain: StewardChain): Promise<StewardChainRead> {
  const [, block] = await Promise.all([verifyEvmChain(client, chain.upstream, chain.chainId), client.getBlock({ blockTag: 'latest' })]);
  if (block.number === null || typeof block.timestamp !== 'bigint') throw upstreamMalformed(chain.upstream, new Error('the latest block has no number or time'));
  const head = block.number;
  const fromBlock = head > chain.lookbackBlocks ? head - chain.lookbackBlocks + 1n : 0n;
  const address = watchedAddresses(chain);
  const chunks = await Promise.all(
    logRanges(fromBlock, head, chain.logChunkBlocks).map(([from, to]) => client.getLogs({ address, events: stewardSourceEvents, fromBlock: from, toBlock: to, strict: true })),
  );
  const logs = chunks
    .flat()
    .map((log): StewardLog => {
      if (log.blockNumber === null || log.logIndex === null || log.transactionHash === null) throw upstreamMalformed(chain.upstream, new Error('eth_getLogs answered a pending log'));
      const blockTimestamp = (log as { blockTimestamp?: bigint | null }).blockTimestamp;
      return {
        address: log.address,
        eventName: log.eventName,
        args: log.args as Record<string, unknown>,
        blockNumber: log.blockNumber,
        logIndex: log.logIndex,
        transactionHash: log.transactionHash,
        ...(typeof blockTimestamp === 'bigint' && { blockTimestamp }),
      };
    })
    .sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));
  return { chain, head, headTimestamp: block.timestamp, logs };
}
