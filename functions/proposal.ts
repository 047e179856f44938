import { invalidInput, notFound } from '../shared/api/errors.js';
import { pathParameter, queryOf } from '../shared/api/http/request.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { parseQuery } from '../shared/api/parseQuery.js';
import { ProposalIdParam } from '../shared/api/schemas/query.js';
import { ProposalDetailResponse } from '../shared/api/schemas/responses.js';
import { shownByDefault } from '../shared/domain/proposal.js';
import { readFeed } from '../shared/feed/readFeed.js';
import { renderProposal } from '../shared/proposals/render.js';
import { resolveWallet } from '../shared/scan/resolveWallet.js';
import { scanWallet } from '../shared/scan/scanWallet.js';

/**
 * GET /api/proposals/{id}: one proposal; with `address`, carrying that wallet's impact when it
 * touches the wallet's positions, else the global version.
 */
export const handler = createHandler(OPERATIONS.proposal, async (event, services) => {
  const raw = queryOf(event);
  const query = parseQuery(raw, ['view', 'includeSpam']);
  const id = pathParameter(event, 'id');
  if (!ProposalIdParam.safeParse(id).success) {
    throw invalidInput(`id ${JSON.stringify(id.slice(0, 80))} is not a proposal id: letters, digits, - and _ only`);
  }
  if (raw.address !== undefined) {
    const wallet = await resolveWallet(raw.address, services);
    const scan = await scanWallet(wallet, undefined, services);
    const item = scan.candidates.find(({ proposal }) => proposal.id === id && (query.includeSpam || shownByDefault(proposal)));
    // A demo wallet's proposals are demo data: they stay mode mock even where they touch nothing.
    if (item && (item.impact || scan.snapshot.mode === 'mock')) {
      const body = { address: wallet.address, mode: scan.snapshot.mode, proposal: renderProposal(item, query.view), refreshedAt: scan.snapshot.fetchedAt };
      return { body: ProposalDetailResponse.parse(body), headers: { 'Cache-Control': 'private, max-age=60' } };
    }
  }
  const feed = await readFeed(services.feedStore, services.now());
  const proposal = feed.proposals.find((candidate) => candidate.id === id);
  if (proposal?.spam && !query.includeSpam) {
    throw notFound(`proposal ${id} is held back as spam (rule ${proposal.spam.rule}: ${proposal.spam.reason}); add includeSpam=true to see it`);
  }
  if (!proposal) {
    throw notFound(
      id.includes('-demo-') && raw.address === undefined
        ? `no proposal ${id} in the global feed; demo proposals are served with a demo wallet's address`
        : `no proposal with id ${id}`,
    );
  }
  return { body: ProposalDetailResponse.parse({ mode: 'global', proposal: renderProposal({ proposal }, query.view), refreshedAt: feed.refreshedAt }) };
});
