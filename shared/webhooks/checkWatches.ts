import type { Services } from '../runtime/services.js';
import { scanWallet } from '../scan/scanWallet.js';
import { newWebhookId } from './signature.js';
import { pinnedPositions } from './pinnedPositions.js';
import { type Watch, watchLabel, type WatchState } from './watch.js';
import { eventBody, watchEvents } from './watchEvents.js';
import type { FeedBuiltJob, Webhooks } from './webhookPorts.js';

/** Positions are read from the chains again once they are this old (issue #24: "rescanned hourly"). */
export const POSITIONS_MAX_AGE_MS = 3_600_000;
/** Kept positions larger than this are not kept (a DynamoDB item holds 400 kB): such a wallet is read afresh at each check. */
const MAX_KEPT_SNAPSHOT_BYTES = 200 * 1024;
/** Wallets checked at once: each may read every module's upstreams. */
const CONCURRENCY = 4;

export type CheckOutcome = 'skipped' | 'rematched' | 'rescanned' | 'failed';

/** Whether a watch is checked after a build, and how: never checked, positions an hour old, or a protocol it holds changed. */
export function checkKind(watch: Watch, changed: ReadonlySet<string>, nowMs: number): 'skip' | 'rematch' | 'rescan' {
  const state = watch.state;
  if (!state || nowMs - Date.parse(state.positionsReadAt) >= POSITIONS_MAX_AGE_MS) return 'rescan';
  if (!state.protocols.some((protocol) => changed.has(protocol))) return 'skip';
  return state.snapshot ? 'rematch' : 'rescan';
}

/**
 * After a feed build: every watch that is due is scanned with the one scan (kept positions
 * re-matched, or read afresh hourly), and what changed is queued for delivery, then remembered.
 * A wallet whose scan fails keeps its last state and is tried at the next build.
 */
export async function checkWatches(job: FeedBuiltJob, services: Services, webhooks: Webhooks): Promise<Record<CheckOutcome, number>> {
  const changed = new Set(job.protocols);
  const watches = (await webhooks.store.list()).filter((watch) => !watch.disabled);
  const counts: Record<CheckOutcome, number> = { skipped: 0, rematched: 0, rescanned: 0, failed: 0 };
  let next = 0;
  const worker = async () => {
    while (next < watches.length) {
      const watch = watches[next++]!;
      counts[await checkWatch(watch, changed, services, webhooks)] += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, watches.length) }, worker));
  return counts;
}

async function checkWatch(watch: Watch, changed: ReadonlySet<string>, services: Services, webhooks: Webhooks): Promise<CheckOutcome> {
  const kind = checkKind(watch, changed, services.now().getTime());
  if (kind === 'skip') return 'skipped';
  try {
    const scanServices = kind === 'rematch' ? { ...services, scanCache: pinnedPositions(watch.state!.snapshot!) } : services;
    const scan = await scanWallet(watch.wallet, undefined, scanServices);
    const now = services.now();
    const base = services.config.publicBaseUrl ?? '';
    const { events, seen } = watchEvents(watch, scan.matched, watch.state?.seen ?? {}, base);
    // A module that could not be checked this time says nothing about its proposals: what was seen of them stays.
    const degraded = new Set(scan.degraded.map((entry) => entry.module));
    for (const [id, before] of Object.entries(watch.state?.seen ?? {})) {
      if (!(id in seen) && [...degraded].some((module) => id.startsWith(`${module}-`))) seen[id] = before;
    }
    for (const event of events) await webhooks.queue.send({ kind: 'deliver', watchId: watch.id, webhookId: newWebhookId(), body: eventBody(watch, event, now), attempts: 0 });
    const keep = JSON.stringify(scan.snapshot).length <= MAX_KEPT_SNAPSHOT_BYTES;
    const state: WatchState = {
      ...(keep && { snapshot: scan.snapshot }),
      positionsReadAt: scan.snapshot.fetchedAt,
      protocols: [...new Set(scan.snapshot.positions.map(({ position }) => position.protocol))].sort(),
      seen,
      checkedAt: now.toISOString(),
    };
    await webhooks.store.saveState(watch.id, state);
    return kind === 'rematch' ? 'rematched' : 'rescanned';
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', message: 'watch check failed; kept its last state', watch: watchLabel(watch), cause: String(error).slice(0, 300) }));
    return 'failed';
  }
}
