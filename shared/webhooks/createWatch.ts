import { randomBytes } from 'node:crypto';
import { ApiError } from '../contract/errors.js';
import type { CreateWatchRequest, CreateWatchResponse } from '../contract/watch.js';
import type { Services } from '../runtime/services.js';
import { resolveWallet } from '../scan/resolveWallet.js';
import { resolveReceiver } from './receiverAddress.js';
import { newWatchSecret } from './signature.js';
import { verifyReceiver } from './verifyReceiver.js';
import type { Watch } from './watch.js';
import type { Webhooks } from './webhookPorts.js';

/** A new watch id: `wh_` and 18 random bytes (24 base64url characters). */
export const newWatchId = (): string => `wh_${randomBytes(18).toString('base64url')}`;

/**
 * Makes a watch once its receiver passed verification: the wallet resolved (an ens name once,
 * now), the URL checked (https, public), the per-wallet cap kept, the handshake answered.
 *
 * @throws ApiError invalid_address, invalid_input (400: the URL), unprocessable_content (422, code
 * invalid_input: the cap, the handshake), upstream_unavailable (an ens name that could not be resolved).
 */
export async function createWatch(input: CreateWatchRequest, services: Services, webhooks: Webhooks): Promise<CreateWatchResponse> {
  const wallet = await resolveWallet(input.address, services);
  // Form and address first: a URL we would never send to is refused before any request is made.
  await resolveReceiver(input.url, webhooks.policy);
  if ((await webhooks.store.countFor(wallet)) >= webhooks.maxWatchesPerWallet) {
    throw new ApiError('unprocessable_content', `this wallet has ${webhooks.maxWatchesPerWallet} watches, the most it may have; delete one (DELETE /api/watches/{id}) first`);
  }
  const now = services.now();
  const watch: Watch = {
    id: newWatchId(),
    secret: newWatchSecret(),
    wallet,
    url: input.url,
    minImpact: input.minImpact,
    events: [...new Set(input.events)],
    createdAt: now.toISOString(),
  };
  await verifyReceiver({ url: watch.url, secret: watch.secret, watchId: watch.id, now }, webhooks);
  await webhooks.store.create(watch);
  return { id: watch.id, secret: watch.secret, address: wallet.address, url: watch.url, minImpact: watch.minImpact, events: watch.events, createdAt: watch.createdAt };
}
