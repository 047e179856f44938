import { type Address, decodeFunctionResult, encodeFunctionData, getAddress, parseAbi } from 'viem';
import { readLogsToHead, readSystemHead } from '../../../governance/readLogsToHead.js';
import { verifyEvmChain } from '../../../upstream/clients/ethereumChain.js';
import { evmClient } from '../../../upstream/clients/ethereumClient.js';
import { cometViemChain } from '../exposure/markets.js';
import type { SourceReader } from '../../types.js';
import { COMET_DEPLOYMENTS } from '../cometMarketNames.js';
import { guardianEvents } from './abi.js';
import type { PauseChain } from './deployments.js';
import { normalizePauses } from './normalizePauses.js';

/** CometCore's immutable `pauseGuardian()`: each L2 Comet names its own (a bridge-governed local multisig). */
const pauseGuardianAbi = parseAbi(['function pauseGuardian() view returns (address)']);
const pauseAction = guardianEvents.filter((event) => event.name === 'PauseAction');

/**
 * One L2's Comets paused by their guardian: every Comet's PauseAction of the last 30 days on
 * `chain`, as executed items (mechanism guardian, no notice), as the Ethereum source reads its own.
 * Reads eth_chainId and one aggregate3 (head, its time, each Comet's pauseGuardian), then the
 * window's logs (readLogsToHead). A system of its own per chain, so a chain's outage keeps that
 * chain's last good items while the others refresh.
 *
 * @example const items = await compoundL2PauseSource(PAUSE_CHAINS[0]!).readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function compoundL2PauseSource(chain: PauseChain): SourceReader {
  const comets = COMET_DEPLOYMENTS.filter((deployment) => deployment.chain === chain.upstream).map((deployment) => getAddress(deployment.comet) as Address);
  return {
    async readProposals({ signal, upstreams }) {
      const client = evmClient(upstreams[chain.upstream], cometViemChain(chain.upstream), signal);
      const guardianView = encodeFunctionData({ abi: pauseGuardianAbi, functionName: 'pauseGuardian' });
      const [, head] = await Promise.all([verifyEvmChain(client, chain.upstream, chain.chainId), readSystemHead(client, chain.upstream, comets.map((comet) => ({ target: comet, callData: guardianView })))]);
      const guardians = Object.fromEntries(comets.map((comet, index) => [comet.toLowerCase(), decodeFunctionResult({ abi: pauseGuardianAbi, functionName: 'pauseGuardian', data: head.views[index]! })]));
      const logs = await readLogsToHead({ client, upstream: chain.upstream, address: comets, events: pauseAction, head: head.head, lookbackBlocks: chain.lookbackBlocks, logChunkBlocks: chain.logChunkBlocks });
      return normalizePauses(logs, guardians, chain);
    },
  };
}
