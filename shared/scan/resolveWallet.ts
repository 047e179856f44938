import { parseWalletInput } from '../address/parseWalletInput.js';
import type { Wallet } from '../address/types.js';
import { invalidAddress } from '../contract/errors.js';
import { COSMOS_PREFIXES } from '../modules/registry.js';
import type { Services } from '../runtime/services.js';
import { loadOnce } from '../stores/lazyStores.js';

/** The ens path, imported once on the first name (an import() per request goes through the loader each time). */
const ensPath = loadOnce(() => import('../ens/resolveEnsName.js'));

/**
 * The wallet a caller means: parsed to canonical form, an ens name resolved on mainnet.
 *
 * @throws ApiError invalid_address for a malformed input, or a name with no address.
 * @throws ApiError upstream_unavailable when the name could not be resolved.
 */
export async function resolveWallet(raw: string, services: Services): Promise<Wallet> {
  const input = await parseWalletInput(raw, { cosmosPrefixes: COSMOS_PREFIXES });
  if (input.kind !== 'ens') return input;
  // On demand, like the parsers: a wallet typed as an address never loads the ens path.
  const { resolveEnsName } = await ensPath();
  const address = await resolveEnsName(input.name, services);
  if (!address) throw invalidAddress(`ens name ${input.name} has no address`);
  return { kind: 'evm', address };
}
