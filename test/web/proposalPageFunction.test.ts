import { beforeAll, describe, expect, it } from 'vitest';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { feedProposal, storedFeed } from '../support/feed.js';

// Synthetic proposals (test/support/feed.ts): one plain, one passed and waiting to execute, one hostile, one held back as spam.
const NOW = new Date('2026-11-22T12:00:00Z');
const PLAIN = feedProposal({
  id: 'aave-gov3-401',
  protocol: 'aave',
  status: 'active',
  changeType: 'parameter',
  title: 'Raise the USDC reserve factor',
  timeline: { created: '2026-11-20T10:00:00Z', start: '2026-11-21T10:00:00Z', end: '2026-11-24T10:00:00Z' },
  votes: { for: 420_000, against: 1_000 },
  sourceLinks: [{ url: 'https://vote.example.org/401', label: 'Vote' }],
  changes: [
    { protocol: 'aave', asset: 'USDC', parameter: 'reserveFactor', from: 1000, to: 1500, unit: 'bps', evidence: 'setReserveFactor(USDC, 1500)', verified: true },
    { protocol: 'aave', asset: 'USDC', parameter: 'supplyCap', to: 2_000_000_000, unit: 'tokens', evidence: 'table row "Supply cap"', verified: false },
  ],
});
const HOSTILE = feedProposal({
  id: 'aave-gov3-402',
  protocol: 'aave',
  status: 'active',
  timeline: { end: '2026-11-24T10:00:00Z' },
  title: '<script>window.__pwned=1</script>Free money',
  summary: '<img src=x onerror="window.__pwned=2">',
  description: '</div><script>window.__pwned=3</script>',
  sourceLinks: [{ url: 'javascript:window.__pwned=4', label: '<b>Click</b>' }],
  changes: [{ protocol: 'aave', asset: '<svg onload=x>', parameter: 'ltv', to: 7000, unit: 'bps', evidence: '<script>e</script>', verified: false }],
});
const SPAM = feedProposal({ id: 'aave-snapshot-0xabc', protocol: 'aave', status: 'active', title: 'Claim your airdrop', spam: { rule: 'snapshot/flagged', reason: 'flagged by the Snapshot hub' }, sourceLinks: [{ url: 'https://phish.example/claim', label: 'Claim' }] });
const QUEUED = feedProposal({ id: 'compound-governors-500', protocol: 'compound', status: 'passed', title: 'Lower the WBTC collateral factor', timeline: { end: '2026-11-21T00:00:00Z' }, effectiveDate: '2026-11-23T06:00:00Z' });

const server = useServer(() => testServices({ now: () => NOW }));

beforeAll(async () => {
  await server.services.feedStore.write(storedFeed([PLAIN, HOSTILE, SPAM, QUEUED] as FeedProposal[]));
});

const html = async (path: string) => {
  const response = await server.get(path);
  return { response, text: await response.text() };
};

describe('GET /p/{id}, the proposal page function', () => {
  it('answers 200 with the pages\' security headers, cached as /api/proposals/{id} is', async () => {
    const { response, text } = await html(`/p/${PLAIN.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('vary')).toContain('Host');
    expect(response.headers.get('ratelimit-policy')).toBe('"default";q=10000;w=60');
    expect(text).not.toMatch(/<script|style=/);
  });

  it('states each change with its old and new value, verified or not, and the evidence', async () => {
    const { text } = await html(`/p/${PLAIN.id}`);
    expect(text).toContain('Reserve factor');
    expect(text).toMatch(/10(\.00)?\s%/);
    expect(text).toMatch(/15(\.00)?\s%/);
    expect(text).toContain('Verified: decoded from what the proposal executes');
    expect(text).toContain('Unverified: read from the proposal’s text');
    expect(text).toContain('setReserveFactor(USDC, 1500)');
    expect(text).toContain('Supply cap');
    expect(text).not.toContain('reserveFactor<');
  });

  it('shows the timeline, the votes, the sources, the JSON and a wallet form that goes to /w/', async () => {
    const { text } = await html(`/p/${PLAIN.id}`);
    expect(text).toContain('<dt>Vote ends</dt>');
    expect(text).toMatch(/in 46\shours/);
    expect(text).toContain('420,000');
    expect(text).toContain('href="https://vote.example.org/401"');
    expect(text).toContain(`/api/proposals/${PLAIN.id}"`);
    expect(text).toContain('action="/w/search"');
  });

  it('says when a passed proposal executes', async () => {
    const { text } = await html(`/p/${QUEUED.id}`);
    expect(text).toContain('<dt>Takes effect</dt>');
    expect(text).toContain('Nov 23, 2026, 06:00 UTC');
  });

  it('keeps hostile titles, summaries, bodies, evidence and links as text', async () => {
    const { response, text } = await html(`/p/${HOSTILE.id}`);
    expect(response.status).toBe(200);
    expect(text).not.toMatch(/<script|<img|<svg|<b>Click|href="javascript/);
    expect(text).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;Free money');
    expect(text).toContain('&lt;svg onload=x&gt;');
  });

  it('shows a spam proposal under its verdict, with no link and out of search engines', async () => {
    const { response, text } = await html(`/p/${SPAM.id}`);
    expect(response.status).toBe(200);
    expect(text).toContain('Held back as spam or phishing.');
    expect(text).toContain('flagged by the Snapshot hub');
    expect(text).not.toContain('href="https://phish.example');
    expect(text).toContain('<meta name="robots" content="noindex">');
  });

  it('renders a demo proposal, said to be one, with a demo wallet to try', async () => {
    const { response, text } = await html('/p/aave-demo-1');
    expect(response.status).toBe(200);
    expect(text).toContain('Demo proposal — not real.');
    expect(text).toContain('href="/w/0xde30000000000000000000000000000000000001"');
  });

  it.each([
    ['an unknown id', '/p/aave-gov3-999999', 404, 'No such proposal'],
    ['an unknown demo id', '/p/aave-demo-999', 404, 'No such proposal'],
    ['a malformed id', '/p/%3Cscript%3E', 400, 'Not a proposal id'],
    ['bad percent-encoding', '/p/%E0%A4%A', 400, 'Bad request'],
    ['an empty search', '/p/search?q=%20', 400, 'Which proposal?'],
  ])('answers %s with an HTML page, never JSON', async (_, path, status, heading) => {
    const { response, text } = await html(path);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(text).toContain(heading);
    expect(text).not.toContain('<script');
  });

  it('answers a refused method with a page too', async () => {
    const response = await server.get(`/p/${PLAIN.id}`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});

describe('GET /p/search?q=, the proposal search', () => {
  it('finds proposals by title words and by protocol name, each linking to its page, spam left out', async () => {
    const byTitle = await html('/p/search?q=usdc%20RESERVE');
    expect(byTitle.response.status).toBe(200);
    expect(byTitle.text).toContain(`href="/p/${PLAIN.id}"`);
    expect(byTitle.text).not.toContain(`href="/p/${QUEUED.id}"`);
    const byProtocol = await html('/p/search?q=compound');
    expect(byProtocol.text).toContain(`href="/p/${QUEUED.id}"`);
    expect(byProtocol.text).not.toContain(`href="/p/${PLAIN.id}"`);
    const spam = await html('/p/search?q=airdrop');
    expect(spam.text).toContain('No proposal matches');
  });

  it('puts what was typed back as text', async () => {
    const { text } = await html('/p/search?q=%3Cscript%3Ex');
    expect(text).not.toContain('<script>x');
    expect(text).toContain('value="&lt;script&gt;x"');
  });
});
