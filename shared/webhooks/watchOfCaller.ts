import { timingSafeEqual } from 'node:crypto';
import { invalidInput, notFound } from '../contract/errors.js';
import { WatchIdParam } from '../contract/watch.js';
import type { Watch, WatchStore } from './watch.js';

/**
 * The watch a caller names and proves with `Authorization: Bearer {secret}`. No auth code exists
 * in the contract's error set: a missing or malformed header is the request's own mistake (400
 * invalid_input); an unknown id and a wrong secret are both 404 not_found, with one message, so a
 * caller without the secret cannot tell which ids exist (a 401/403 would tell them).
 *
 * @throws ApiError invalid_input, not_found.
 */
export async function watchOfCaller(id: string, authorization: string | undefined, store: WatchStore): Promise<Watch> {
  if (!WatchIdParam.safeParse(id).success) throw invalidInput('id is not a watch id (wh_ and 24 characters, as POST /api/watches returned it)');
  const secret = /^Bearer\s+(whsec_[A-Za-z0-9+/=]{1,200})\s*$/.exec(authorization ?? '')?.[1];
  if (!secret) throw invalidInput('send the watch\'s secret as the Authorization header: Bearer whsec_…');
  const watch = await store.get(id);
  if (!watch || !sameText(watch.secret, secret)) throw notFound(`no watch ${id} with this secret`);
  return watch;
}

/** Compares in time that depends only on the length: a secret is not guessed byte by byte from timings. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
