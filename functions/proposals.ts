import { keptAnswer } from '../shared/api/http/keptAnswers.js';
import { queryOf } from '../shared/api/http/request.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { QUERY_PARAMETERS } from '../shared/api/queryParameters.js';
import { parseQuery } from '../shared/contract/parseQuery.js';
import { queryKey, serializedOnce } from '../shared/api/serializedOnce.js';
import { ProposalsResponse } from '../shared/contract/responses.js';
import { globalFeed } from '../shared/feed/feedQueries.js';
import { readFeed } from '../shared/feed/readFeed.js';

const WALLET_CACHE = 'private, max-age=60';
/** A feed answer is keyed by the feed's version; a new build makes new keys, so this only bounds how long an old one lingers. */
const FEED_ANSWER_MS = 10 * 60 * 1000;

/**
 * GET /api/proposals: the global feed (mode global, from the stored feed, never from upstream), or
 * with `address` the proposals touching that wallet, most material first.
 */
export const handler = createHandler(OPERATIONS.proposals, (event, services) =>
  keptAnswer('proposals', event, services, async () => {
    const raw = queryOf(event);
    const query = parseQuery(raw, QUERY_PARAMETERS.proposals);
    if (raw.address === undefined) {
      const feed = await readFeed(services.feedStore, services.now());
      // Built, checked and serialized once per feed version and query, then served as the same bytes.
      // Before the first build (version none) the answer carries the time of the request: not kept.
      const keptUntil = feed.version === 'none' ? 0 : services.now().getTime() + FEED_ANSWER_MS;
      const reply = serializedOnce(services, `feed:${feed.version}|${queryKey(query)}`, keptUntil, () => ProposalsResponse.parse(globalFeed(feed, query)));
      return { reply, standing: { expiresAtMs: keptUntil, feedVersion: feed.version } };
    }
    // On demand: the global feed's cold start then loads no address parser and no chain library.
    const { walletProposalsFeed } = await import('../shared/scan/walletProposalsFeed.js');
    const { envelope, standing } = await walletProposalsFeed(raw.address, query, services);
    const reply = { body: ProposalsResponse.parse(envelope), headers: { 'Cache-Control': WALLET_CACHE } };
    return raw.address.includes('.') ? { reply } : { reply, standing };
  }),
);
