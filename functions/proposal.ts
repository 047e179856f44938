import { invalidInput, notFound } from '../shared/contract/errors.js';
import { pathParameter, queryOf } from '../shared/api/http/request.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { parseQuery } from '../shared/contract/parseQuery.js';
import { ProposalIdParam } from '../shared/contract/query.js';
import { ProposalDetailResponse } from '../shared/contract/responses.js';
import { readFeed } from '../shared/feed/readFeed.js';
import { renderProposal } from '../shared/proposals/render.js';

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
    // On demand: a request without address then loads no address parser and no chain library.
    const { walletProposalDetail } = await import('../shared/scan/walletProposalDetail.js');
    const body = await walletProposalDetail(raw.address, id, query, services);
    if (body) return { body: ProposalDetailResponse.parse(body), headers: { 'Cache-Control': 'private, max-age=60' } };
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
