import { evmClient } from '../../upstream/clients/ethereumClient.js';
import type { SourceReader } from '../types.js';
import type { MorphoChain } from './deployment.js';
import { normalizeVaultChange } from './normalizeVaultChange.js';
import { readVaultGovernance } from './readVaultGovernance.js';
import { vaultChanges } from './vaultChanges.js';

/**
 * One chain's MetaMorpho vaults as a governance system: every curator and owner change of the
 * listed vaults in the last two weeks and two days (the longest timelock and a margin), pending,
 * accepted, revoked or immediate, each a proposal with its verified ParameterChange. Three JSON-RPC
 * requests on the chain's upstream (readVaultGovernance).
 *
 * @example const proposals = await vaultSource(ETHEREUM).readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function vaultSource(chain: MorphoChain): SourceReader {
  return {
    async readProposals(context) {
      const { signal } = context;
      const client = evmClient(context.upstreams[chain.upstream], chain.viemChain, signal);
      const read = await readVaultGovernance(client, chain);
      return vaultChanges(read).map((change) => normalizeVaultChange(change, read));
    },
  };
}
