import { baseUrl, varyOnHost } from '../shared/api/baseUrl.js';
import { everyAnswerAPage } from '../shared/api/http/answersAsPages.js';
import { pathParameter, queryOf } from '../shared/api/http/request.js';
import type { Reply } from '../shared/api/http/types.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { ApiError } from '../shared/contract/errors.js';
import { ProposalIdParam } from '../shared/contract/query.js';
import { type FeedView, readFeed } from '../shared/feed/readFeed.js';
import type { Services } from '../shared/runtime/services.js';
import { errorPage } from '../web/errorPage.js';
import { proposalPage } from '../web/proposalPage.js';
import { PROPOSAL_SEARCH_SEGMENT, proposalSearchForm, proposalSearchPage } from '../web/proposalSearch.js';
import { PAGE_SECURITY_HEADERS } from '../web/securityHeaders.js';

const HTML = 'text/html; charset=utf-8';

const page = (body: string, status = 200, headers: Record<string, string> = {}): Reply => ({
  status,
  body,
  contentType: HTML,
  headers: { ...PAGE_SECURITY_HEADERS, ...(status === 200 ? {} : { 'Cache-Control': 'no-store' }), ...headers },
});

/**
 * GET /p/{id}: one proposal for people, from the stored feed only (no scan, no upstream), so it is
 * cached as /api/proposals/{id} is. A demo proposal's id is answered from its module's demo set.
 * `/p/search?q=…` lists the stored feed's proposals whose title or protocol matches. Every answer
 * is a page: 400 for a malformed id, 404 for an unknown one, 502 when the feed cannot be read.
 */
export const handler = everyAnswerAPage(
  createHandler(OPERATIONS.proposalPage, async (event, services) => {
    const id = pathParameter(event, 'id');
    if (id === PROPOSAL_SEARCH_SEGMENT) return search(queryOf(event).q?.trim() ?? '', services);
    if (!ProposalIdParam.safeParse(id).success) {
      return page(errorPage({ status: 400, title: 'Not a proposal id', message: `“${id.slice(0, 80)}” is not a proposal id: ids are letters, digits, - and _, as the feed gives them.`, next: proposalSearchForm() }), 400);
    }
    const base = baseUrl(event, services.config);
    const pageUrl = `${base}/p/${id}`;
    if (id.includes('-demo-')) {
      // On demand: only a demo id loads a module's code.
      const { findDemoProposal } = await import('../shared/demo/findDemoProposal.js');
      const demo = await findDemoProposal(id, services.now());
      // Mode mock reads no chain: the demo chain is the demo wallet's positions.
      const { withDemoChain } = await import('../shared/feed/currentValues/demoReadings.js');
      if (demo) return page(proposalPage({ proposal: await withDemoChain(demo.proposal), demo: true, asOf: services.now().toISOString(), pageUrl, demoWallet: demo.wallet }), 200, varyOnHost(services.config));
    }
    const feed = await storedFeed(services);
    if (!feed) return unreadable();
    const proposal = feed.proposals.find((candidate) => candidate.id === id);
    if (!proposal) {
      return page(errorPage({ status: 404, title: 'No such proposal', message: `No proposal has the id ${id} in the feed. It may have left the feed, or the link may be mistyped.`, next: proposalSearchForm() }), 404);
    }
    const recording = services.upstreams.recording;
    return page(
      proposalPage({ proposal, demo: false, asOf: services.now().toISOString(), readAt: feed.refreshedAt, ...(recording && { recording }), pageUrl, jsonUrl: `${base}/api/proposals/${id}` }),
      200,
      varyOnHost(services.config),
    );
  }),
);

/** The stored feed, or undefined when the store cannot be read (an outage is a 502 page, not a 500). */
async function storedFeed(services: Services): Promise<FeedView | undefined> {
  try {
    return await readFeed(services.feedStore, services.now());
  } catch (error) {
    if (error instanceof ApiError) throw error;
    console.warn(JSON.stringify({ level: 'warn', message: 'proposal page: feed unreadable', cause: String(error).slice(0, 300) }));
    return undefined;
  }
}

const unreadable = (): Reply => page(errorPage({ status: 502, title: 'Feed unavailable', message: 'The proposal feed could not be read just now. Try again shortly.' }), 502);

async function search(typed: string, services: Services): Promise<Reply> {
  if (typed === '') return page(errorPage({ status: 400, title: 'Which proposal?', message: 'Type words from a proposal’s title, or a protocol’s name.', next: proposalSearchForm() }), 400);
  const feed = await storedFeed(services);
  if (!feed) return unreadable();
  const recording = services.upstreams.recording;
  return page(proposalSearchPage({ typed, proposals: feed.proposals, asOf: feed.refreshedAt, ...(recording && { recording }) }), 200, varyOnHost(services.config));
}
