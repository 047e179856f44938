import { assertChain, CHAINS } from '../chainIdentity.js';
import type { Upstream } from '../upstreams.js';
import { getJson } from './getJson.js';

/**
 * Checks that the LCD serves the Cosmos Hub (one GET node_info).
 *
 * @throws UpstreamError upstream_wrong_chain
 */
export async function verifyCosmosRest(upstream: Upstream, signal?: AbortSignal): Promise<void> {
  const info = await getJson<{ default_node_info?: { network?: string } }>(upstream, '/cosmos/base/tendermint/v1beta1/node_info', signal ? { signal } : {});
  assertChain(upstream.id, CHAINS.cosmosHub, info.default_node_info?.network);
}
