import type { SourceReader } from '../types.js';
import { readProposals } from './readProposals.js';

/**
 * The Cosmos Hub's governance source: x/gov v1 proposals over the `cosmosRpc` upstream.
 * The upstreams come in the context: the process's in production, the replay server's in tests.
 *
 * @example const proposals = await cosmoshubSource().readProposals({ signal, now, upstreams: services.upstreams });
 */
export function cosmoshubSource(): SourceReader {
  return { readProposals: (context) => readProposals(context.upstreams.cosmosRpc, context) };
}
