import { solanaRpc } from '../../upstream/clients/solanaRpc.js';
import type { SourceReader } from '../types.js';
import { JITO_DEPLOYMENT, type RealmDeployment } from './deployment.js';
import { readProposals } from './readProposals.js';

/**
 * The Jito DAO's proposals from its own SPL Governance deployment, over the solana upstream.
 * The upstreams come in the context (tests pass the replay server's); another deployment can be
 * read with the same code.
 *
 * @example await jitoSource().readProposals({ signal: AbortSignal.timeout(10_000), now: new Date(), upstreams: services.upstreams })
 */
export function jitoSource(deployment: RealmDeployment = JITO_DEPLOYMENT): SourceReader {
  return {
    readProposals: (context) => readProposals({ rpc: solanaRpc(context.upstreams.solana), deployment, context }),
  };
}
