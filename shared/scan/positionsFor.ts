import type { Wallet } from '../address/types.js';
import { type ApiError, upstreamUnavailable } from '../contract/errors.js';
import type { ScanDegradation } from '../contract/common.js';
import type { ProtocolSlug } from '../modules/registry.js';
import type { Config } from '../runtime/config.js';
import type { Services } from '../runtime/services.js';
import { MemoryTtlCache } from '../stores/memory/memoryTtlCache.js';
import type { TtlCache } from '../stores/types.js';
import type { PositionsSnapshot } from './positionsSnapshot.js';
import { readPositions } from './readPositions.js';

export type { PositionsSnapshot };

/**
 * What a wallet's positions are cached under: the canonical wallet and the module selection, which
 * decides which upstreams were called. Filters never reach it.
 */
export const positionsKey = (wallet: Wallet, only: readonly ProtocolSlug[] | undefined): string =>
  `${wallet.kind}:${wallet.address}:${only ? [...new Set(only)].sort().join(',') : '*'}`;

/** Reads under way, per scan cache (so per process's services): a second caller joins the first. */
const inFlight = new WeakMap<TtlCache<PositionsSnapshot>, Map<string, Promise<PositionsSnapshot>>>();

/**
 * How long a read that failed (every module failed, nothing read) or degraded (a module or a chain
 * failed) is kept: a burst of repeats (a reload, a retrying client, a shared link) then costs the
 * failing upstreams one read, not one each (issue #19), and an upstream that recovers shows within
 * seconds rather than after the scan cache's minute. Never longer than the scan cache itself.
 */
export const DEGRADED_READ_SECONDS = 5;

/** When a snapshot leaves the caches: the scan cache's lifetime, or DEGRADED_READ_SECONDS for a degraded one. */
export function snapshotExpiresAtMs(snapshot: Pick<PositionsSnapshot, 'fetchedAt' | 'degraded'>, config: Pick<Config, 'scanCacheSeconds'>): number {
  const seconds = snapshot.degraded.length > 0 ? Math.min(DEGRADED_READ_SECONDS, config.scanCacheSeconds) : config.scanCacheSeconds;
  return Date.parse(snapshot.fetchedAt) + seconds * 1000;
}

/**
 * Failed reads, per scan cache, under the same keys: the failure is answered again until it
 * expires. In process only (a failure is small and short-lived; the shared cache holds positions).
 */
const failedReads = new WeakMap<TtlCache<PositionsSnapshot>, MemoryTtlCache<ApiError>>();
const failedReadsOf = (services: Services): MemoryTtlCache<ApiError> => {
  let failures = failedReads.get(services.scanCache);
  if (!failures) failedReads.set(services.scanCache, (failures = new MemoryTtlCache<ApiError>({ maxEntries: 1000, sizeOf: (error) => error.message.length })));
  return failures;
};

/**
 * A wallet's positions through the scan cache (about a minute): the upstream part of a scan, shared
 * by /api/scan, /api/positions and the wallet's proposals. Concurrent misses of the same key make
 * one set of upstream reads (single flight): a wallet shared on social media is asked for by many
 * callers at once, and each would otherwise pay the upstreams (and their quotas) again.
 *
 * A read that failed is answered with its error, and a degraded one kept, for DEGRADED_READ_SECONDS.
 *
 * @throws ApiError upstream_unavailable when every module that was asked failed and none read any position.
 */
export async function positionsFor(
  wallet: Wallet,
  only: readonly ProtocolSlug[] | undefined,
  services: Services,
): Promise<PositionsSnapshot> {
  const now = services.now();
  const key = positionsKey(wallet, only);
  const cached = await services.scanCache.get(key, now.getTime());
  if (cached) return cached;
  const failed = failedReadsOf(services).peek(key, now.getTime());
  if (failed) throw failed;

  let running = inFlight.get(services.scanCache);
  if (!running) inFlight.set(services.scanCache, (running = new Map()));
  const joined = running.get(key);
  if (joined) return joined;
  const read = readAndCache(wallet, only, key, now, services).finally(() => running.delete(key));
  running.set(key, read);
  return read;
}

async function readAndCache(wallet: Wallet, only: readonly ProtocolSlug[] | undefined, key: string, now: Date, services: Services): Promise<PositionsSnapshot> {
  const read = await readPositions(wallet, { only, deadlineMs: services.config.moduleDeadlineMs, now, upstreams: services.upstreams });
  // Every module degraded and nothing read: no protocol could be checked. A module that read part of
  // its positions (one chain of two) still answers, partial.
  // A module may be degraded once per chain: it is the modules that count.
  if (read.checked.length > 0 && new Set(read.degraded.map((entry) => entry.module)).size === read.checked.length && read.positions.length === 0) {
    const failure = upstreamUnavailable(`no protocol could be checked for this wallet: ${failuresByModule(read.degraded)}`);
    failedReadsOf(services).keep(key, failure, now.getTime() + Math.min(DEGRADED_READ_SECONDS, services.config.scanCacheSeconds) * 1000);
    throw failure;
  }
  const snapshot: PositionsSnapshot = { ...read, wallet, fetchedAt: now.toISOString() };
  await services.scanCache.set(key, snapshot, snapshotExpiresAtMs(snapshot, services.config));
  return snapshot;
}

/** Each module's failure once: a module degraded on several chains is told by its first, with how many more. Pure. */
function failuresByModule(degraded: readonly ScanDegradation[]): string {
  const modules = [...new Set(degraded.map((entry) => entry.module))];
  return modules
    .map((module) => {
      const entries = degraded.filter((entry) => entry.module === module);
      return `${module}: ${entries[0]!.message}${entries.length > 1 ? ` (and ${entries.length - 1} more chains)` : ''}`;
    })
    .join('; ');
}
