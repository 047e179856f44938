import { checksum } from 'ox/Address';
import { upstreamUnavailable } from '../contract/errors.js';
import type { Services } from '../runtime/services.js';
import { ensResolverOf } from './ensResolver.js';
import { withDeadline } from '../upstream/withDeadline.js';

/**
 * A normalized ens name's address, through the ens cache. An unreachable resolver is an upstream
 * failure (502), never "no address". MODULE_DEADLINE_MS bounds the whole lookup, retries included:
 * each attempt is capped by it too, but three capped attempts and their backoff would not be.
 */
export async function resolveEnsName(name: string, services: Services): Promise<string | null> {
  const { ensCache, config, now } = services;
  const nowMs = now().getTime();
  const cached = await ensCache.get(name, nowMs);
  if (cached !== undefined) return cached;
  let address: string | null;
  try {
    const resolved = await withDeadline(config.moduleDeadlineMs, () => ensResolverOf(services).resolve(name));
    address = resolved ? checksum(resolved as `0x${string}`) : null;
  } catch (error) {
    throw upstreamUnavailable(`could not resolve ${name}: the ens resolver did not answer`, error);
  }
  await ensCache.set(name, address, nowMs + config.ensCacheSeconds * 1000);
  return address;
}
