import { invalidInput } from '../shared/contract/errors.js';
import { pathParameter, queryOf } from '../shared/api/http/request.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { QUERY_PARAMETERS } from '../shared/api/queryParameters.js';
import { parseQuery } from '../shared/contract/parseQuery.js';
import { ProposalIdParam } from '../shared/contract/query.js';
import { ProposalDetailResponse } from '../shared/contract/responses.js';
import { globalProposal } from '../shared/feed/feedQueries.js';
import { readFeed } from '../shared/feed/readFeed.js';

/**
 * GET /api/proposals/{id}: one proposal; with `address`, carrying that wallet's impact when it
 * touches the wallet's positions, else the global version.
 */
export const handler = createHandler(OPERATIONS.proposal, async (event, services) => {
  const raw = queryOf(event);
  const query = parseQuery(raw, QUERY_PARAMETERS.proposal);
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
  return { body: ProposalDetailResponse.parse(globalProposal(feed, id, query, raw.address !== undefined)) };
});
