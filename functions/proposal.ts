import { invalidInput } from '../shared/contract/errors.js';
import { keptAnswer } from '../shared/api/http/keptAnswers.js';
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
export const handler = createHandler(OPERATIONS.proposal, (event, services) =>
  keptAnswer('proposal', event, services, async () => {
    const raw = queryOf(event);
    const query = parseQuery(raw, QUERY_PARAMETERS.proposal);
    const id = pathParameter(event, 'id');
    if (!ProposalIdParam.safeParse(id).success) {
      throw invalidInput(`id ${JSON.stringify(id.slice(0, 80))} is not a proposal id: letters, digits, - and _ only`);
    }
    // An ens name's answer is not kept: its address is the ens cache's to expire.
    const keep = raw.address === undefined || !raw.address.includes('.');
    let walletStanding: { expiresAtMs: number; feedVersion?: string } | undefined;
    if (raw.address !== undefined) {
      // On demand: a request without address then loads no address parser and no chain library.
      const { walletProposalDetail } = await import('../shared/scan/walletProposalDetail.js');
      const { body, standing } = await walletProposalDetail(raw.address, id, query, services);
      walletStanding = standing;
      if (body) return { reply: { body: ProposalDetailResponse.parse(body), headers: { 'Cache-Control': 'private, max-age=60' } }, ...(keep && { standing }) };
    }
    const feed = await readFeed(services.feedStore, services.now());
    const reply = { body: ProposalDetailResponse.parse(globalProposal(feed, id, query, raw.address !== undefined)) };
    // The stored version of a proposal stands while the feed does (bounded as the feed answers are); with a wallet, no longer than its scan.
    const expiresAtMs = Math.min(services.now().getTime() + FEED_ANSWER_MS, walletStanding?.expiresAtMs ?? Infinity);
    return feed.version === 'none' || !keep ? { reply } : { reply, standing: { expiresAtMs, feedVersion: feed.version } };
  }),
);

/** How long a stored proposal's answer is kept at most: a new build makes it stale sooner (its version is checked). */
const FEED_ANSWER_MS = 10 * 60 * 1000;
