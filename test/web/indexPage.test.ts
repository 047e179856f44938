import { describe, expect, it } from 'vitest';
import { indexPage } from '../../web/indexPage.js';
import { isLive, liveProposals } from '../../web/liveProposals.js';
import { feedProposal, storedFeed } from '../support/feed.js';

// Synthetic proposals (test/support/feed.ts); the feed is built 2026-11-22T10:00Z.
const BUILT = '2026-11-22T10:00:00.000Z';
const ACTIVE = feedProposal({ id: 'aave-gov3-1', protocol: 'aave', status: 'active', title: 'Raise the USDT cap', timeline: { end: '2026-11-25T00:00:00Z' } });
const PENDING = feedProposal({ id: 'aave-gov3-2', protocol: 'aave', status: 'pending', timeline: { start: '2026-11-26T00:00:00Z' } });
const QUEUED = feedProposal({ id: 'compound-governors-3', protocol: 'compound', status: 'passed', title: 'Lower the WBTC collateral factor', timeline: { end: '2026-11-21T00:00:00Z' }, effectiveDate: '2026-11-23T06:00:00Z' });
const SOONEST = feedProposal({ id: 'lido-aragon-4', protocol: 'lido', status: 'active', timeline: { end: '2026-11-23T00:00:00Z' } });
const OVERDUE = feedProposal({ id: 'compound-governors-5', protocol: 'compound', status: 'passed', timeline: { end: '2026-11-01T00:00:00Z' }, effectiveDate: '2026-11-03T00:00:00Z' });
const CLOSED_VOTE = feedProposal({ id: 'aave-snapshot-6', protocol: 'aave', status: 'passed', timeline: { end: '2026-11-20T00:00:00Z' } });
const EXECUTED = feedProposal({ id: 'aave-gov3-7', protocol: 'aave', status: 'executed', effectiveDate: '2026-11-23T00:00:00Z' });
const FEED = storedFeed([ACTIVE, PENDING, QUEUED, SOONEST, OVERDUE, CLOSED_VOTE, EXECUTED]);

/** The text a reader sees, tags dropped and whitespace collapsed. */
const text = (page: string) => page.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('what the index calls live', () => {
  it('is active, pending, and passed with an eta not yet a week past; never executed or a passed vote without an eta', () => {
    expect([ACTIVE, PENDING, QUEUED, SOONEST].every((proposal) => isLive(proposal, BUILT))).toBe(true);
    expect([OVERDUE, CLOSED_VOTE, EXECUTED].some((proposal) => isLive(proposal, BUILT))).toBe(false);
    // Executable since its eta, and still not executed a day later: a holder can still act.
    expect(isLive(QUEUED, '2026-11-24T06:00:00Z')).toBe(true);
  });

  it('lists votes in feed order, then passed proposals the soonest to execute first', () => {
    expect(liveProposals(FEED).map((proposal) => proposal.id)).toEqual(['lido-aragon-4', 'aave-gov3-1', 'aave-gov3-2', 'compound-governors-3']);
  });
});

describe('the index page', () => {
  const page = indexPage(FEED);

  it('groups live proposals by protocol, the most urgent protocol first, with an anchor list to each', () => {
    const headings = [...page.matchAll(/<h3 id="protocol-(\w+)">/g)].map((match) => match[1]);
    expect(headings).toEqual(['lido', 'aave', 'compound']);
    expect(page).toContain('<a href="#protocol-aave">Aave</a> <span class="count">(2)</span>');
  });

  it('links each row to its page, and says when a passed proposal executes', () => {
    for (const id of ['aave-gov3-1', 'aave-gov3-2', 'compound-governors-3', 'lido-aragon-4']) expect(page).toContain(`href="/p/${id}"`);
    for (const id of ['compound-governors-5', 'aave-snapshot-6', 'aave-gov3-7']) expect(page).not.toContain(id);
    expect(text(page)).toContain('Lower the WBTC collateral factor Executes Nov 23, 2026, 06:00 UTC , in 20 hours passed');
    expect(text(page)).toContain('Live proposals (4: open, waiting to open, or passed and waiting to execute)');
  });

  it('searches with plain GET forms: a wallet goes to /w/search, a name to /p/search', () => {
    expect(page).toContain('<form class="search" method="get" action="/w/search" role="search">');
    expect(page).toContain('<form class="search" method="get" action="/p/search" role="search">');
    expect(page).toContain('name="q"');
    expect(page).not.toContain('<script');
  });
});
