import { type Address, decodeFunctionResult, encodeFunctionData, parseAbi } from 'viem';
import { ETHEREUM_RECENT_CHANGES } from '../../../governance/ethereumRecentChanges.js';
import { readLogsToHead, readSystemHead } from '../../../governance/readLogsToHead.js';
import { verifyEthereumMainnet } from '../../../upstream/clients/ethereumChain.js';
import { ethereumClient } from '../../../upstream/clients/ethereumClient.js';
import type { SourceReader } from '../../types.js';
import { COMPTROLLER } from '../addresses.js';
import { COMET_DEPLOYMENTS } from '../cometMarketNames.js';
import { guardianEvents } from './abi.js';
import { normalizePauses } from './normalizePauses.js';

/** Comet and the Comptroller both expose their guardian as `pauseGuardian()` (CometCore immutable; ComptrollerV2Storage). */
const pauseGuardianAbi = parseAbi(['function pauseGuardian() view returns (address)']);
const ETHEREUM_COMETS = COMET_DEPLOYMENTS.filter((deployment) => deployment.chain === 'ethereum').map((deployment) => deployment.comet as Address);

/**
 * Compound's pause guardian on Ethereum: every Comet's PauseAction and the v2 Comptroller's
 * ActionPaused of the last 30 days, as executed items (mechanism guardian, no notice). Reads
 * eth_chainId and one aggregate3 (head, its time, the USDC Comet's and the Comptroller's guardian),
 * then the window's logs in five chunks of one batch (readLogsToHead). The L2 Comets' guardians
 * are not read here: their events would cost a window per chain.
 *
 * @example const items = await compoundGuardianSource().readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function compoundGuardianSource(): SourceReader {
  return {
    async readProposals({ signal, upstreams }) {
      const client = ethereumClient(upstreams.ethereum, signal);
      const guardianView = encodeFunctionData({ abi: pauseGuardianAbi, functionName: 'pauseGuardian' });
      const [, head] = await Promise.all([
        verifyEthereumMainnet(client),
        readSystemHead(client, 'ethereum', [
          { target: ETHEREUM_COMETS[0]!, callData: guardianView },
          { target: COMPTROLLER, callData: guardianView },
        ]),
      ]);
      const [cometGuardian, comptrollerGuardian] = head.views.map((data) => decodeFunctionResult({ abi: pauseGuardianAbi, functionName: 'pauseGuardian', data }));
      const logs = await readLogsToHead({ client, upstream: 'ethereum', address: [...ETHEREUM_COMETS, COMPTROLLER], events: guardianEvents, head: head.head, lookbackBlocks: ETHEREUM_RECENT_CHANGES.lookbackBlocks, logChunkBlocks: ETHEREUM_RECENT_CHANGES.logChunkBlocks });
      return normalizePauses(logs, { [ETHEREUM_COMETS[0]!.toLowerCase()]: cometGuardian!, [COMPTROLLER.toLowerCase()]: comptrollerGuardian! });
    },
  };
}
