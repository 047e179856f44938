import { invalidInput } from '../shared/api/errors.js';
import { queryOf } from '../shared/api/http/request.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { parseQuery } from '../shared/api/parseQuery.js';
import { ProposalsResponse } from '../shared/api/schemas/responses.js';
import { readFeed } from '../shared/feed/readFeed.js';
import { filterProposals } from '../shared/proposals/filters.js';
import { byFeedOrder } from '../shared/proposals/ordering.js';
import { feedEnvelope } from '../shared/scan/envelopes.js';

const WALLET_CACHE = 'private, max-age=60';

/**
 * GET /api/proposals: the global feed (mode global, from the stored feed, never from upstream), or
 * with `address` the proposals touching that wallet, most material first.
 */
export const handler = createHandler(OPERATIONS.proposals, async (event, services) => {
  const raw = queryOf(event);
  const query = parseQuery(raw, ['view', 'limit', 'protocol', 'minImpact', 'status', 'since', 'includeSpam']);
  if (raw.address === undefined) {
    if (query.minImpact) throw invalidInput('minImpact needs address: the global feed carries no impact');
    const feed = await readFeed(services.feedStore, services.now());
    const items = filterProposals(feed.proposals.map((proposal) => ({ proposal })), query).sort(byFeedOrder);
    const degraded = query.protocol ? feed.degraded.filter((entry) => (query.protocol as string[]).includes(entry.module)) : feed.degraded;
    return {
      body: ProposalsResponse.parse(feedEnvelope(items, { mode: 'global', view: query.view, limit: query.limit, refreshedAt: feed.refreshedAt, degraded })),
    };
  }
  // On demand: the global feed's cold start then loads no address parser and no chain library.
  const { walletProposalsFeed } = await import('../shared/scan/walletProposalsFeed.js');
  return { body: ProposalsResponse.parse(await walletProposalsFeed(raw.address, query, services)), headers: { 'Cache-Control': WALLET_CACHE } };
});
