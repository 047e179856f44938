import type { Wallet } from '../address/types.js';
import { upstreamUnavailable } from '../api/errors.js';
import type { ProtocolSlug } from '../modules/slugs.js';
import type { Services } from '../runtime/services.js';
import { type PositionsRead, readPositions } from './readPositions.js';

/** Positions as a scan uses them, with when they were read from upstream. */
export interface PositionsSnapshot extends PositionsRead {
  wallet: Wallet;
  fetchedAt: string;
}

/**
 * A wallet's positions through the scan cache (about a minute): the upstream part of a scan, shared
 * by /api/scan, /api/positions and the wallet's proposals. Filters never reach the cache key; only
 * the module selection does, because it decides which upstreams were called.
 *
 * @throws ApiError upstream_unavailable when every module that was asked failed.
 */
export async function positionsFor(
  wallet: Wallet,
  only: readonly ProtocolSlug[] | undefined,
  services: Services,
): Promise<PositionsSnapshot> {
  const now = services.now();
  const key = `${wallet.kind}:${wallet.address}:${only ? [...new Set(only)].sort().join(',') : '*'}`;
  const cached = await services.scanCache.get(key, now.getTime());
  if (cached) return cached;

  const read = await readPositions(wallet, { only, deadlineMs: services.config.moduleDeadlineMs, now });
  if (read.checked.length > 0 && read.degraded.length === read.checked.length) {
    throw upstreamUnavailable(`no protocol could be checked for this wallet: ${read.degraded.map((entry) => `${entry.module}: ${entry.message}`).join('; ')}`);
  }
  const snapshot: PositionsSnapshot = { ...read, wallet, fetchedAt: now.toISOString() };
  await services.scanCache.set(key, snapshot, now.getTime() + services.config.scanCacheSeconds * 1000);
  return snapshot;
}
