import { decodeFunctionResult, encodeFunctionData } from 'viem';
import { ETHEREUM_RECENT_CHANGES } from '../../../governance/ethereumRecentChanges.js';
import { readLogsToHead, readSystemHead } from '../../../governance/readLogsToHead.js';
import { verifyEthereumMainnet } from '../../../upstream/clients/ethereumChain.js';
import { ethereumClient } from '../../../upstream/clients/ethereumClient.js';
import type { SourceReader } from '../../types.js';
import { EASY_TRACK, easyTrackAbi, easyTrackEvents } from './abi.js';
import { normalizeMotions } from './normalizeMotions.js';

/**
 * Lido's Easy Track: the live motions (getMotions, in the head's aggregate3) and the motions
 * created, enacted, canceled or rejected in the last 30 days (readLogsToHead), as motion items
 * (normalizeMotions). eth_chainId, one aggregate3, one batch of eth_getLogs.
 *
 * @example const items = await lidoEasyTrackSource().readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function lidoEasyTrackSource(): SourceReader {
  return {
    async readProposals({ signal, upstreams }) {
      const client = ethereumClient(upstreams.ethereum, signal);
      const [, head] = await Promise.all([
        verifyEthereumMainnet(client),
        readSystemHead(client, 'ethereum', [{ target: EASY_TRACK, callData: encodeFunctionData({ abi: easyTrackAbi, functionName: 'getMotions' }) }]),
      ]);
      const live = decodeFunctionResult({ abi: easyTrackAbi, functionName: 'getMotions', data: head.views[0]! });
      const logs = await readLogsToHead({ client, upstream: 'ethereum', address: EASY_TRACK, events: easyTrackEvents, head: head.head, lookbackBlocks: ETHEREUM_RECENT_CHANGES.lookbackBlocks, logChunkBlocks: ETHEREUM_RECENT_CHANGES.logChunkBlocks });
      return normalizeMotions(logs, live);
    },
  };
}
