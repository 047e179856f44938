import { parseEnsName } from '../shared/address/ens.js';
import { invalidAddress, invalidInput } from '../shared/contract/errors.js';
import { queryOf } from '../shared/api/http/request.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { EnsResolution } from '../shared/contract/responses.js';
import { resolveEnsName } from '../shared/ens/resolveEnsName.js';

/** GET /api/ens/resolve?name=: a normalized ens name and its mainnet address (null when unregistered). */
export const handler = createHandler(OPERATIONS.ens, async (event, services) => {
  const raw = queryOf(event).name;
  if (raw === undefined || raw === '') throw invalidInput('name is required: an ens name such as vitalik.eth');
  const name = parseEnsName(raw.trim());
  if (!name) throw invalidAddress(`${JSON.stringify(raw.slice(0, 80))} is not a valid ens name (ENSIP-15)`);
  const address = await resolveEnsName(name, services);
  return { body: EnsResolution.parse({ name, address }) };
});
