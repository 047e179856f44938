import { evmClient } from '../../../upstream/clients/ethereumClient.js';
import { evmReader } from '../../../upstream/clients/ethereumReader.js';
import type { SourceReader } from '../../types.js';
import { normalizeV4ConfigItem } from './normalizeV4ConfigItem.js';
import { readV4ConfigLogs } from './readV4ConfigLogs.js';
import { V4_CONFIG_ETHEREUM, type V4ConfigChain } from './v4ConfigChains.js';
import { v4ConfigItems } from './v4ConfigItems.js';

/**
 * Aave v4 configuration changes made without a vote on one chain, from the last 30 days of the
 * spokes', hubs' and rate strategies' events (readV4ConfigLogs: two JSON-RPC requests, a third and
 * fourth only to name what the window's events touch). A vote's payload is left to the vote. A
 * governance system of its own, so its outage never makes the votes or the v3 stewards stale.
 *
 * @example const proposals = await aaveV4ConfigSource().readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function aaveV4ConfigSource(chain: V4ConfigChain = V4_CONFIG_ETHEREUM): SourceReader {
  return {
    async readProposals(context) {
      const client = evmClient(context.upstreams[chain.upstream], chain.viemChain, context.signal);
      const read = await readV4ConfigLogs(client, evmReader(context.upstreams[chain.upstream], chain.viemChain), chain, context.signal);
      return v4ConfigItems(read).map((item) => normalizeV4ConfigItem(item, chain));
    },
  };
}
