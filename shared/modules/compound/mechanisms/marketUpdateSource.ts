import { decodeFunctionResult, encodeFunctionData, parseAbi } from 'viem';
import { readLogsToHead, readSystemHead } from '../../../governance/readLogsToHead.js';
import { verifyEvmChain } from '../../../upstream/clients/ethereumChain.js';
import { evmClient } from '../../../upstream/clients/ethereumClient.js';
import { cometViemChain } from '../exposure/markets.js';
import type { SourceReader } from '../../types.js';
import { marketUpdateEvents } from './abi.js';
import { MARKET_UPDATE_DEPLOYMENTS, type MarketUpdateDeployment } from './deployments.js';
import { normalizeMarketUpdates } from './normalizeMarketUpdates.js';

const delayAbi = parseAbi(['function delay() view returns (uint256)']);

/**
 * Compound's market-admin track on an L2: the MarketUpdateTimelock's QueueTransaction,
 * ExecuteTransaction and CancelTransaction of the last 30 days, each timelock transaction an item
 * (normalizeMarketUpdates). Reads eth_chainId and one aggregate3 (head, its time, the timelock's
 * delay), then the window's logs (readLogsToHead).
 *
 * @example const items = await compoundMarketUpdateSource().readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function compoundMarketUpdateSource(deployment: MarketUpdateDeployment = MARKET_UPDATE_DEPLOYMENTS[0]!): SourceReader {
  return {
    async readProposals({ signal, upstreams }) {
      const client = evmClient(upstreams[deployment.upstream], cometViemChain(deployment.upstream), signal);
      const [, head] = await Promise.all([
        verifyEvmChain(client, deployment.upstream, deployment.chainId),
        readSystemHead(client, deployment.upstream, [{ target: deployment.timelock, callData: encodeFunctionData({ abi: delayAbi, functionName: 'delay' }) }]),
      ]);
      const delay = decodeFunctionResult({ abi: delayAbi, functionName: 'delay', data: head.views[0]! });
      const logs = await readLogsToHead({ client, upstream: deployment.upstream, address: deployment.timelock, events: marketUpdateEvents, head: head.head, lookbackBlocks: deployment.lookbackBlocks, logChunkBlocks: deployment.logChunkBlocks });
      return normalizeMarketUpdates(logs, deployment, head.headTime, Number(delay));
    },
  };
}
