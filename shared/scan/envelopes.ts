import type { ScanDegradation } from '../contract/common.js';
import type { View } from '../contract/enums.js';
import type { PositionsResponse, ProposalsResponse, WalletScanResponse } from '../contract/responses.js';
import type { ParsedQuery } from '../contract/parseQuery.js';
import { filterProposals, type Matched } from '../proposals/filters.js';
import { byMateriality } from '../proposals/ordering.js';
import { type FeedOrder, pageOf } from '../proposals/pageCursor.js';
import { renderProposal } from '../proposals/render.js';
import type { PositionsSnapshot } from './positionsFor.js';
import type { ScanResult } from './scanResult.js';

const coverage = (degraded: ScanDegradation[]) =>
  degraded.length > 0 ? { completeness: 'partial' as const, degraded } : { completeness: 'complete' as const };

/** The matched proposals of a scan, filtered and most material first. */
export const walletProposals = (scan: ScanResult, query: ParsedQuery): ScanResult['matched'] =>
  filterProposals(scan.matched, query).sort(byMateriality);

export function scanEnvelope(scan: ScanResult, query: ParsedQuery, webUrl: string): WalletScanResponse {
  return {
    address: scan.snapshot.wallet.address,
    webUrl,
    mode: scan.snapshot.mode,
    view: query.view,
    ...coverage(scan.degraded),
    positions: scan.snapshot.positions.map(({ position }) => position),
    proposals: walletProposals(scan, query).map((item) => renderProposal(item, query.view)) as WalletScanResponse['proposals'],
    refreshedAt: scan.snapshot.fetchedAt,
  };
}

export function positionsEnvelope(snapshot: PositionsSnapshot): PositionsResponse {
  return {
    address: snapshot.wallet.address,
    mode: snapshot.mode,
    count: snapshot.positions.length,
    positions: snapshot.positions.map(({ position }) => position),
    refreshedAt: snapshot.fetchedAt,
    ...coverage(snapshot.degraded),
  };
}

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
