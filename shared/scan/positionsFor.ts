import type { Wallet } from '../address/types.js';
import { upstreamUnavailable } from '../contract/errors.js';
import type { ProtocolSlug } from '../modules/registry.js';
import type { Services } from '../runtime/services.js';
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
 * A wallet's positions through the scan cache (about a minute): the upstream part of a scan, shared
 * by /api/scan, /api/positions and the wallet's proposals. Concurrent misses of the same key make
 * one set of upstream reads (single flight): a wallet shared on social media is asked for by many
 * callers at once, and each would otherwise pay the upstreams (and their quotas) again.
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
  if (read.checked.length > 0 && read.degraded.length === read.checked.length && read.positions.length === 0) {
    throw upstreamUnavailable(`no protocol could be checked for this wallet: ${read.degraded.map((entry) => `${entry.module}: ${entry.message}`).join('; ')}`);
  }
  const snapshot: PositionsSnapshot = { ...read, wallet, fetchedAt: now.toISOString() };
  await services.scanCache.set(key, snapshot, now.getTime() + services.config.scanCacheSeconds * 1000);
  return snapshot;
}
