import { type Hex, numberToHex, type PublicClient } from 'viem';
import { decodeAggregate3 } from '../../upstream/clients/aggregate3Codec.js';
import { verifyEthereumMainnet } from '../../upstream/clients/ethereumChain.js';
import { aggregateCallData, blockNumberCall, decodeUint, MULTICALL3 } from '../../upstream/clients/ethereumReader.js';
import { upstreamMalformed } from '../../upstream/errors.js';
import { decodeSpBeamConfig, spBeamConfigCalls } from './readSpBeamConfig.js';
import { decodeSetLog, SP_BEAM, setEvent, type SpBeamSet } from './spBeam.js';
import type { SpBeamConfig } from './spBeamLimits.js';

/**
 * How far back a build looks for Set events: 30 days of 12-second blocks, the time an item applied
 * without a vote stays in the feed (CHANGED_RECENTLY_DAYS), in windows public endpoints accept for
 * eth_getLogs (50,000 blocks), all sent in one batched request.
 */
export const SP_BEAM_LOOKBACK_BLOCKS = 216_000n;
export const LOG_WINDOW_BLOCKS = 50_000n;

/** The windows [from, to] covering `lookback` blocks up to `head`, oldest first. Pure. */
export function logWindows(head: bigint, lookback: bigint = SP_BEAM_LOOKBACK_BLOCKS, size: bigint = LOG_WINDOW_BLOCKS): [bigint, bigint][] {
  const windows: [bigint, bigint][] = [];
  const first = head > lookback ? head - lookback + 1n : 0n;
  for (let from = first; from <= head; from += size) windows.push([from, from + size - 1n < head ? from + size - 1n : head]);
  return windows;
}

/** A Set event with the time of its block (unix seconds). */
export interface TimedSpBeamSet extends SpBeamSet {
  time: number;
}

/** The Set events of the window, and SP-BEAM's bounds as the chain held them at its head (undefined where they could not be read). */
export interface SpBeamRead {
  sets: TimedSpBeamSet[];
  config?: SpBeamConfig;
}

const HEAD_AND_CONFIG = [blockNumberCall, ...spBeamConfigCalls()];

/**
 * SP-BEAM's Set events of the last 30 days, with their blocks' times, and its bounds: the chain id,
 * and one aggregate3 eth_call of the head with SP-BEAM's cfgs, tau, toc and bad; then eth_getLogs
 * per window, then each block's header (eth_getBlockByNumber without transactions, for its
 * timestamp). A window that fails fails the source (the feed keeps its last good items); bounds
 * that cannot be decoded leave the items on the declared defaults, which they then name.
 *
 * @throws UpstreamError
 */
export async function readSpBeamSets(client: PublicClient): Promise<SpBeamRead> {
  // The head as Multicall3 states it (an eth_call, not eth_blockNumber), in the same call as the bounds.
  const [, answer] = await Promise.all([verifyEthereumMainnet(client), client.call({ to: MULTICALL3, data: aggregateCallData(HEAD_AND_CONFIG) })]);
  const results = (() => {
    try {
      return decodeAggregate3(answer.data ?? '0x', HEAD_AND_CONFIG.length);
    } catch (error) {
      throw upstreamMalformed('ethereum', error);
    }
  })();
  if (!results[0]!.success) throw upstreamMalformed('ethereum', new Error('Multicall3.getBlockNumber reverted'));
  const head = decodeUint(results[0]!.returnData);
  const config = (() => {
    try {
      return decodeSpBeamConfig(results.slice(1));
    } catch {
      return undefined;
    }
  })();
  const windows = await Promise.all(logWindows(head).map(([fromBlock, toBlock]) => client.getLogs({ address: SP_BEAM, event: setEvent, fromBlock, toBlock, strict: true })));
  const logs = windows.flat();
  const blocks = [...new Set(logs.map((log) => log.blockNumber))];
  const headers = await Promise.all(blocks.map((block) => client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(block), false] })));
  const times = new Map(
    blocks.map((block, index) => {
      const timestamp = (headers[index] as { timestamp?: Hex } | null)?.timestamp;
      if (!timestamp) throw upstreamMalformed('ethereum', new Error(`no header for block ${block}`));
      return [block, Number(BigInt(timestamp))] as const;
    }),
  );
  const sets = logs.map((log) => ({ ...decodeSetLog({ data: log.data, topics: log.topics as [Hex, ...Hex[]], blockNumber: log.blockNumber, logIndex: log.logIndex, transactionHash: log.transactionHash }), time: times.get(log.blockNumber)! }));
  return { sets, ...(config && { config }) };
}
