import { evmClient } from '../../../upstream/clients/ethereumClient.js';
import type { SourceReader } from '../../types.js';
import { normalizeStewardItem } from './normalizeStewardItem.js';
import { readStewardLogs } from './readStewardLogs.js';
import { STEWARD_ETHEREUM, type StewardChain } from './stewardChains.js';
import { stewardItems } from './stewardItems.js';

/**
 * Aave v3 changes made without a vote, on one chain: manual risk-steward updates, Edge risk-oracle
 * updates (pending, then applied by an injector) and guardian freezes, from the last 30 days of
 * logs (readStewardLogs: two JSON-RPC requests). A governance system of its own, so its outage
 * never makes the votes stale.
 *
 * @example const proposals = await aaveStewardsSource().readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function aaveStewardsSource(chain: StewardChain = STEWARD_ETHEREUM): SourceReader {
  return {
    async readProposals(context) {
      const client = evmClient(context.upstreams[chain.upstream], chain.viemChain, context.signal);
      const read = await readStewardLogs(client, chain);
      return stewardItems(read).map((item) => normalizeStewardItem(item, chain, context.now));
    },
  };
}
