import type { PositionsResponse, WalletScanResponse } from '../contract/responses.js';
import type { ParsedQuery } from '../contract/parseQuery.js';
import { filterProposals } from '../proposals/filters.js';
import { envelopesAtLeast } from '../envelopes/envelopesAtLeast.js';
import { coverage } from '../proposals/feedEnvelope.js';
import { byMateriality } from '../proposals/ordering.js';
import { renderProposal } from '../proposals/render.js';
import type { PositionsSnapshot } from './positionsFor.js';
import type { ScanResult } from './scanResult.js';

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
    // The worst case without a vote: full view only (a compact answer is for triage).
    ...(query.view === 'full' && { envelopes: envelopesAtLeast(scan.envelopes, query.minImpact) }),
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
