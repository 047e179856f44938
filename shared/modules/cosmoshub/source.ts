import type { Upstreams } from '../../upstream/upstreams.js';
import type { SourceReader } from '../types.js';
import { readProposals } from './readProposals.js';
import { upstreamsOf } from '../upstreamsOf.js';

/**
 * The Cosmos Hub's governance source: x/gov v1 proposals over the `cosmosRpc` upstream.
 * Tests pass the replay server's upstreams; production uses the process's.
 *
 * @example const proposals = await cosmoshubSource(() => replay.upstreams()).readProposals({ signal, now });
 */
export function cosmoshubSource(getUpstreams?: () => Upstreams): SourceReader {
  return { readProposals: (context) => readProposals(upstreamsOf(context, getUpstreams).cosmosRpc, context) };
}
