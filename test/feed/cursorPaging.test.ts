import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../shared/contract/errors.js';
import { parseQuery } from '../../shared/contract/parseQuery.js';
import type { ProposalImpact } from '../../shared/contract/proposal.js';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { globalFeed } from '../../shared/feed/feedQueries.js';
import type { FeedView } from '../../shared/feed/readFeed.js';
import type { Matched } from '../../shared/proposals/filters.js';
import { byMateriality } from '../../shared/proposals/ordering.js';
import { encodeCursor, pageOf } from '../../shared/proposals/pageCursor.js';
import { feedProposal } from '../support/feed.js';

const FEED_PARAMETERS = ['view', 'limit', 'cursor', 'protocol', 'status', 'since', 'includeSpam'] as const;
const view = (proposals: FeedProposal[]): FeedView => ({ proposals, degraded: [], refreshedAt: '2026-11-22T10:00:00.000Z', version: 'test' });
const ask = (feed: FeedView, query: Record<string, string>) => globalFeed(feed, parseQuery(query, FEED_PARAMETERS));

/** Every page of a query, following nextCursor from the first page to the last. */
function walk(feed: FeedView, query: Record<string, string>): string[][] {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const answer = ask(feed, { ...query, ...(cursor && { cursor }) });
    pages.push(answer.proposals.map((proposal) => proposal.id));
    expect(answer.count).toBe(answer.proposals.length);
    cursor = answer.nextCursor;
    if (pages.length > 500) throw new Error('the cursor never ends');
  } while (cursor);
  return pages;
}

// Few distinct times and statuses, so that ties (which the id breaks) are common.
const TIMES = ['2026-11-20T00:00:00Z', '2026-11-25T00:00:00Z', '2026-12-01T00:00:00Z', undefined];
const proposalArb = (index: number) =>
  fc
    .record({
      protocol: fc.constantFrom('aave', 'compound', 'lido'),
      status: fc.constantFrom('active', 'pending', 'passed', 'closed', 'executed', 'canceled'),
      start: fc.constantFrom(...TIMES),
      end: fc.constantFrom(...TIMES),
      effectiveDate: fc.constantFrom(...TIMES),
      created: fc.constantFrom('2026-10-01T00:00:00Z', '2026-11-10T00:00:00Z'),
      spam: fc.integer({ min: 0, max: 9 }).map((draw) => draw === 0),
    })
    .map(({ protocol, status, start, end, effectiveDate, created, spam }) =>
      feedProposal({
        id: `${protocol}-gov-${index}`,
        protocol: protocol as FeedProposal['protocol'],
        status: status as FeedProposal['status'],
        timeline: { created, ...(start && { start }), ...(end && { end }) },
        ...(effectiveDate && { effectiveDate }),
        ...(spam && { spam: { rule: 'test/rule', reason: 'synthetic' } }),
      }),
    );
const feedArb = fc.integer({ min: 0, max: 60 }).chain((size) => fc.tuple(...Array.from({ length: size }, (_, index) => proposalArb(index))));
const filtersArb = fc.record(
  { protocol: fc.constantFrom('aave', 'aave,lido', 'compound'), status: fc.constantFrom('active', 'active,pending', 'closed,executed,canceled'), since: fc.constantFrom('2026-11-01'), includeSpam: fc.constantFrom('true', 'false') },
  { requiredKeys: [] },
);

describe('cursor paging of the global feed', () => {
  it('walks every proposal the filters keep exactly once, in the order of one unpaged answer', () => {
    fc.assert(
      fc.property(feedArb, filtersArb, fc.integer({ min: 1, max: 7 }), (proposals, filters, limit) => {
        const feed = view(proposals);
        const whole = ask(feed, { ...filters, limit: '200' });
        const pages = walk(feed, { ...filters, limit: String(limit) });
        expect(pages.flat()).toEqual(whole.proposals.map((proposal) => proposal.id));
        expect(new Set(pages.flat()).size).toBe(whole.total);
        expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('neither repeats nor skips a proposal when the feed gains and loses others between two pages', () => {
    fc.assert(
      fc.property(feedArb, fc.array(fc.nat(), { maxLength: 10 }), fc.integer({ min: 1, max: 6 }), (proposals, removed, limit) => {
        const before = view(proposals);
        const first = ask(before, { limit: String(limit) });
        fc.pre(first.nextCursor !== undefined);
        const gone = new Set(removed.map((index) => proposals[index % proposals.length]!.id));
        const added = [feedProposal({ id: 'lido-gov-new1', protocol: 'lido', status: 'active', timeline: { end: '2026-11-25T00:00:00Z' } }), feedProposal({ id: 'aave-gov-new2', protocol: 'aave', status: 'closed' })];
        const after = view([...proposals.filter((proposal) => !gone.has(proposal.id)), ...added]);
        const rest = walk(after, { limit: String(limit), cursor: first.nextCursor! }).flat();
        const seen = [...first.proposals.map((proposal) => proposal.id), ...rest];
        expect(new Set(seen).size).toBe(seen.length);
        const kept = ask(before, { limit: '200' }).proposals.map((proposal) => proposal.id).filter((id) => !gone.has(id));
        for (const id of kept) expect(seen).toContain(id);
      }),
      { numRuns: 200 },
    );
  });

  it('has no nextCursor on the last page, and an empty page after it', () => {
    const feed = view([feedProposal({ id: 'aave-gov-1', protocol: 'aave', status: 'active' }), feedProposal({ id: 'aave-gov-2', protocol: 'aave', status: 'active' })]);
    const first = ask(feed, { limit: '1' });
    expect(first).toMatchObject({ count: 1, total: 2 });
    const second = ask(feed, { limit: '1', cursor: first.nextCursor! });
    expect(second).toMatchObject({ count: 1, total: 2 });
    expect(second.nextCursor).toBeUndefined();
    expect(ask(feed, { limit: '1', cursor: encodeCursor({ proposal: feed.proposals[1]! }, 'feed') })).toMatchObject({ count: 0, total: 2 });
  });
});

describe('cursor paging in a wallet’s order', () => {
  const LEVELS = ['critical', 'high', 'medium', 'low', 'none'] as const;
  const matchedArb = fc.array(
    fc.record({ level: fc.option(fc.constantFrom(...LEVELS), { nil: undefined }), usd: fc.option(fc.constantFrom(-1000, -50.5, 0, 50.5, 1000), { nil: undefined }), end: fc.constantFrom(...TIMES) }),
    { maxLength: 40 },
  );

  it('walks every matched proposal exactly once, most material first', () => {
    fc.assert(
      fc.property(matchedArb, fc.integer({ min: 1, max: 5 }), (rows, limit) => {
        const items: Matched[] = rows
          .map(({ level, usd, end }, index) => ({
            proposal: feedProposal({ id: `aave-gov-${index}`, protocol: 'aave', status: 'active', timeline: end ? { end } : {} }),
            ...(level && { impact: { level, summary: 'synthetic', ...(usd !== undefined && { estimatedImpactUsd: usd }) } as ProposalImpact }),
          }))
          .sort(byMateriality);
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = pageOf(items, 'materiality', { limit, cursor });
          seen.push(...page.items.map(({ proposal }) => proposal.id));
          cursor = page.nextCursor;
        } while (cursor);
        expect(seen).toEqual(items.map(({ proposal }) => proposal.id));
      }),
      { numRuns: 300 },
    );
  });
});

describe('a cursor this API did not issue', () => {
  const feed = view([feedProposal({ id: 'aave-gov-1', protocol: 'aave', status: 'active' })]);
  const refusal = (cursor: string): ApiError => {
    try {
      ask(feed, { cursor });
    } catch (error) {
      return error as ApiError;
    }
    throw new Error('accepted');
  };
  const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it.each([
    ['garbage', 'abc'],
    ['JSON that is no cursor', encoded({ offset: 10 })],
    ['a bad status', encoded([1, 'f', 'aave-gov-1', 'open', null, null, null, null, null])],
    ['an id that is no string', encoded([1, 'f', 42, 'active', null, null, null, null, null])],
    ['a bad date', encoded([1, 'f', 'aave-gov-1', 'active', 'soon', null, null, null, null])],
    ['another version', encoded([2, 'f', 'aave-gov-1', 'active', null, null, null, null, null])],
  ])('is 400 invalid_input: %s', (_, cursor) => {
    const error = refusal(cursor);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('cursor is not valid');
  });

  it('is refused when it pages a wallet’s proposals, not the global feed', () => {
    const walletCursor = encodeCursor({ proposal: feed.proposals[0]!, impact: { level: 'high', summary: '' } }, 'materiality');
    expect(refusal(walletCursor).message).toContain('it pages a wallet’s proposals, not the global feed');
  });
});
