import { parseWalletInput } from '../address/parseWalletInput.js';
import type { Wallet } from '../address/types.js';
import { invalidAddress } from '../api/errors.js';
import { resolveEnsName } from '../ens/resolveEnsName.js';
import { COSMOS_PREFIXES } from '../modules/moduleInfo.js';
import type { Services } from '../runtime/services.js';

/**
 * The wallet a caller means: parsed to canonical form, an ens name resolved on mainnet.
 *
 * @throws ApiError invalid_address for a malformed input, or a name with no address.
 * @throws ApiError upstream_unavailable when the name could not be resolved.
 */
export async function resolveWallet(raw: string, services: Services): Promise<Wallet> {
  const input = parseWalletInput(raw, { cosmosPrefixes: COSMOS_PREFIXES });
  if (input.kind !== 'ens') return input;
  const address = await resolveEnsName(input.name, services);
  if (!address) throw invalidAddress(`ens name ${input.name} has no address`);
  return { kind: 'evm', address };
}
