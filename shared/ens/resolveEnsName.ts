import { checksum } from 'ox/Address';
import { upstreamUnavailable } from '../contract/errors.js';
import { perServices } from '../runtime/perServices.js';
import type { Services } from '../runtime/services.js';
import { ensResolverOf } from './ensResolver.js';
import { withDeadline } from '../upstream/withDeadline.js';

/**
 * Lookups under way, per services: a second caller of the same name joins the first (single
 * flight), as positionsFor does for wallets. A name shared on social media is asked for by many
 * callers at once, and each would otherwise pay an Ethereum call.
 */
const lookupsOf = perServices(() => new Map<string, Promise<string | null>>());

/**
 * A normalized ens name's address, through the ens cache. An unreachable resolver is an upstream
 * failure (502), never "no address". MODULE_DEADLINE_MS bounds the whole lookup, retries included:
 * each attempt is capped by it too, but three capped attempts and their backoff would not be. At
 * the deadline the lookup's signal aborts its requests, so nothing goes on after the caller has
 * its error. A caller that joins a lookup under way gets its answer, within the first caller's
 * deadline (never later than its own would have been).
 */
export async function resolveEnsName(name: string, services: Services): Promise<string | null> {
  const { ensCache, now } = services;
  const cached = await ensCache.get(name, now().getTime());
  if (cached !== undefined) return cached;
  const lookups = lookupsOf(services);
  const joined = lookups.get(name);
  if (joined) return joined;
  const lookup = lookUp(name, services).finally(() => lookups.delete(name));
  lookups.set(name, lookup);
  return lookup;
}

async function lookUp(name: string, services: Services): Promise<string | null> {
  const { ensCache, config, now } = services;
  let address: string | null;
  try {
    const resolved = await withDeadline(config.moduleDeadlineMs, (signal) => ensResolverOf(services).resolve(name, signal));
    address = resolved ? checksum(resolved as `0x${string}`) : null;
  } catch (error) {
    throw upstreamUnavailable(`could not resolve ${name}: the ens resolver did not answer`, error);
  }
  await ensCache.set(name, address, now().getTime() + config.ensCacheSeconds * 1000);
  return address;
}
