import type { ParsedQuery } from '../contract/parseQuery.js';
import type { ProposalsResponse } from '../contract/responses.js';
import type { Services } from '../runtime/services.js';
import { feedEnvelope } from '../proposals/feedEnvelope.js';
import { walletProposals } from './envelopes.js';
import { envelopesAtLeast } from '../envelopes/envelopesAtLeast.js';
import { resolveWallet } from './resolveWallet.js';
import { scanWallet } from './scanWallet.js';
import { type ScanStanding, standingOf } from './scanResult.js';

/**
 * GET /api/proposals with `address`: the proposals touching that wallet, most material first, as
 * the feed envelope. The proposals function imports this on demand, so its cold start (and every
 * global-feed request) carries no address parser, scan pipeline or chain library.
 */
export async function walletProposalsFeed(rawAddress: string, query: ParsedQuery, services: Services): Promise<{ envelope: ProposalsResponse; standing: ScanStanding }> {
  const wallet = await resolveWallet(rawAddress, services);
  const scan = await scanWallet(wallet, query.protocol, services);
  const envelope = feedEnvelope(walletProposals(scan, query), {
    address: wallet.address,
    mode: scan.snapshot.mode,
    view: query.view,
    limit: query.limit,
    cursor: query.cursor,
    order: 'materiality',
    refreshedAt: scan.snapshot.fetchedAt,
    degraded: scan.degraded,
  });
  // The worst case without a vote travels with the wallet's proposals in the full view, as in a scan.
  return { envelope: query.view === 'full' ? { ...envelope, envelopes: envelopesAtLeast(scan.envelopes, query.minImpact) } : envelope, standing: standingOf(scan) };
}
