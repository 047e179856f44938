import type { ParsedQuery } from '../contract/parseQuery.js';
import { shownByDefault } from '../domain/proposal.js';
import { renderProposal } from '../proposals/render.js';
import type { Services } from '../runtime/services.js';
import { resolveWallet } from './resolveWallet.js';
import { scanWallet } from './scanWallet.js';
import { standingOf } from './scanResult.js';

/**
 * GET /api/proposals/{id} with `address`: the proposal carrying that wallet's impact, or undefined
 * when it touches none of the wallet's positions (the caller then answers the global version).
 * With how long that answer stands (the scan's). The proposal function imports this on demand, so its cold start carries no chain library.
 */
export async function walletProposalDetail(rawAddress: string, id: string, query: ParsedQuery, services: Services) {
  const wallet = await resolveWallet(rawAddress, services);
  const scan = await scanWallet(wallet, undefined, services);
  const standing = standingOf(scan);
  const item = scan.candidates.find(({ proposal }) => proposal.id === id && (query.includeSpam || shownByDefault(proposal)));
  // A demo wallet's proposals are demo data: they stay mode mock even where they touch nothing.
  if (!item || (!item.impact && scan.snapshot.mode !== 'mock')) return { standing };
  return { body: { address: wallet.address, mode: scan.snapshot.mode, proposal: renderProposal(item, query.view), refreshedAt: scan.snapshot.fetchedAt }, standing };
}
