import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import type { HealthResponse } from '../shared/contract/responses.js';
import { SERVICE_NAME } from '../shared/contract/version.js';
import type { FeedStoreRepair } from '../shared/stores/types.js';

/** Names the feed store's last repair on /api/health (its body is the contract's, which has no field for it). */
export const FEED_REPAIR_HEADER = 'x-feed-store-repair';

/**
 * GET /api/health: liveness; touches no upstream. Typed against the schema, not parsed by it: zod's
 * runtime is most of a small function's cold start (the contract tests validate it).
 *
 * The body stays the contract's `{status: 'ok', service}`: the contract lists those two fields and
 * says nothing of others, and the process is alive. A feed store that healed itself (an unreadable feed
 * set aside) says so in a header, with when and what. Where the store is the local files this is one
 * small read; in AWS this function has no store (least privilege) and sends no such header: the
 * builder's log line and the dated key in the bucket are the record there.
 */
export const handler = createHandler(OPERATIONS.health, async (_event, { feedStore }) => {
  const repair = await feedStore.lastRepair().catch(() => undefined);
  return {
    body: { status: 'ok', service: SERVICE_NAME } satisfies HealthResponse,
    ...(repair && { headers: { [FEED_REPAIR_HEADER]: repairLine(repair) } }),
  };
});

/** One header-safe line: the time, then what was done (ASCII only, no line breaks). */
const repairLine = (repair: FeedStoreRepair): string => `${repair.at} ${repair.message}`.replace(/[^\x20-\x7e]/g, '?').slice(0, 1000);
