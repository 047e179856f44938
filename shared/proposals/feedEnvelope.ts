import type { ScanDegradation } from '../contract/common.js';
import type { View } from '../contract/enums.js';
import type { ProposalsResponse } from '../contract/responses.js';
import type { Matched } from './filters.js';
import { type FeedOrder, pageOf } from './pageCursor.js';
import { renderProposal } from './render.js';

/*
 * The feed's envelope, the one the global feed (shared/feed/feedQueries.ts) and a wallet's feed
 * (shared/scan/) both answer with: here, beside the filters, order and paging it applies, so the
 * feed queries need nothing of the scan.
 */

/** completeness and degraded, as every envelope states them. */
export const coverage = (degraded: ScanDegradation[]) =>
  degraded.length > 0 ? { completeness: 'partial' as const, degraded } : { completeness: 'complete' as const };

/** A feed answer (global or per wallet) from a list sorted in `order`: one page of it (limit, cursor), counts and view. */
export function feedEnvelope(
  items: Matched[],
  context: { address?: string; mode: ProposalsResponse['mode']; view: View; limit: number; cursor?: string; order: FeedOrder; refreshedAt: string; degraded: ScanDegradation[] },
): ProposalsResponse {
  const page = pageOf(items, context.order, context);
  return {
    ...(context.address && { address: context.address }),
    mode: context.mode,
    view: context.view,
    count: page.items.length,
    total: items.length,
    proposals: page.items.map((item) => renderProposal(item, context.view)),
    ...(page.nextCursor && { nextCursor: page.nextCursor }),
    refreshedAt: context.refreshedAt,
    ...coverage(context.degraded),
  };
}
