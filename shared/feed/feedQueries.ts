import type { ParsedQuery } from '../contract/parseQuery.js';
import { invalidInput, notFound } from '../contract/errors.js';
import type { ProposalDetailResponse, ProposalsResponse } from '../contract/responses.js';
import type { FeedProposal } from '../domain/proposal.js';
import { filterProposals } from '../proposals/filters.js';
import { byFeedOrder } from '../proposals/ordering.js';
import { renderProposal } from '../proposals/render.js';
import { feedEnvelope } from '../proposals/feedEnvelope.js';
import type { FeedView } from './readFeed.js';

/** The coverage gaps of the given protocols only (all of them when none are named). */
export const degradedOf = (degraded: FeedView['degraded'], protocols: readonly string[] | undefined): FeedView['degraded'] =>
  protocols ? degraded.filter((entry) => protocols.includes(entry.module)) : degraded;

/** The global feed's answer to a query: filtered, in feed order, one page of it (limit, cursor), with the named protocols' coverage gaps. Pure. */
export function globalFeed(feed: FeedView, query: ParsedQuery): ProposalsResponse {
  if (query.minImpact) throw invalidInput('minImpact needs address: the global feed carries no impact');
  const items = filterProposals(feed.proposals.map((proposal) => ({ proposal })), query).sort(byFeedOrder);
  return feedEnvelope(items, { mode: 'global', view: query.view, limit: query.limit, cursor: query.cursor, order: 'feed', refreshedAt: feed.refreshedAt, degraded: degradedOf(feed.degraded, query.protocol) });
}

/**
 * One proposal of the global feed, or not_found: a spam proposal unless asked for, and a demo
 * proposal's id (served only with a demo wallet's address) said to be one. Pure.
 */
export function globalProposal(feed: FeedView, id: string, query: ParsedQuery, askedWithAddress: boolean): ProposalDetailResponse {
  const proposal: FeedProposal | undefined = feed.proposals.find((candidate) => candidate.id === id);
  if (proposal?.spam && !query.includeSpam) {
    throw notFound(`proposal ${id} is held back as spam (rule ${proposal.spam.rule}: ${proposal.spam.reason}); add includeSpam=true to see it`);
  }
  if (!proposal) {
    throw notFound(id.includes('-demo-') && !askedWithAddress ? `no proposal ${id} in the global feed; demo proposals are served with a demo wallet's address` : `no proposal with id ${id}`);
  }
  return { mode: 'global', proposal: renderProposal({ proposal }, query.view), refreshedAt: feed.refreshedAt };
}
