import { parseFeed } from '@rowanmanning/feed-parser';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { weakTagOf } from '../../shared/api/http/entityTag.js';
import { demoWallet } from '../../shared/demo/wallets.js';
import { prebuildFiles } from '../../shared/feed/prebuildFiles.js';
import { atomViolations } from '../web/atomRules.js';
import { feedProposal, storedFeed } from '../support/feed.js';
import { getChecked, useServer } from '../support/server.js';
import { testServices } from '../support/services.js';

/*
 * Following a wallet without polling its page (issue #24 items 1 and 2), over HTTP against the local
 * server on a fixed clock: its Atom feed and its calendar, read by a feed parser and an ics parser,
 * with ETag / Last-Modified and 304s, the page's throttle and the page's error behaviour. And the
 * global /feed.atom's ETag.
 */

const NOW = new Date('2026-11-25T12:00:00Z');
const evm = demoWallet('evm').address;
const FEED = `/w/${evm}/feed.atom`;
const CALENDAR = `/w/${evm}/calendar.ics`;
const server = useServer(() => testServices({ now: () => NOW, ens: { resolve: async (name) => (name === 'demo.eth' ? evm : null) } }));
const remaining = (response: Response) => Number(/;r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')?.[1]);

describe('GET /w/{address}/feed.atom', () => {
  it('is an Atom feed of the proposals touching the wallet, links absolute from the request’s host', async () => {
    const response = await server.get(FEED);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const body = await response.text();
    expect(atomViolations(body)).toEqual([]);
    const feed = parseFeed(body);
    // The 10 proposals touching it, then its worst cases without a vote (issue #23), which link to the wallet's page.
    const proposals = feed.items.filter((item) => !item.id?.includes('/worst-without-vote/'));
    expect(proposals.length).toBe(10);
    const host = new URL(server.url).host;
    expect(proposals.every((item) => item.url?.startsWith(`http://${host}/p/`))).toBe(true);
    expect(feed.items.filter((item) => item.id?.includes('/worst-without-vote/')).every((item) => item.url === `http://${host}/w/${evm}`)).toBe(true);
    expect(feed.self).toBe(`http://${host}${FEED}`);
    expect(response.headers.get('vary')).toContain('Host');
  });

  it('carries a weak ETag of its bytes and Last-Modified of its updated; answers 304 to either, still counted', async () => {
    const response = await server.get(FEED);
    const body = await response.text();
    const tag = response.headers.get('etag')!;
    expect(tag).toBe(weakTagOf(body));
    const lastModified = response.headers.get('last-modified')!;
    expect(new Date(lastModified).getTime()).toBe(Math.floor(parseFeed(body).updated!.getTime() / 1000) * 1000);
    const byTag = await server.get(FEED, { headers: { 'if-none-match': tag } });
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe('');
    expect(remaining(byTag)).toBe(remaining(response) - 1);
    expect((await server.get(FEED, { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
    const earlier = new Date(new Date(lastModified).getTime() - 1000).toUTCString();
    expect((await server.get(FEED, { headers: { 'if-modified-since': earlier } })).status).toBe(200);
    // If-None-Match wins over If-Modified-Since (RFC 9110 §13.1.3).
    expect((await server.get(FEED, { headers: { 'if-none-match': 'W/"other"', 'if-modified-since': lastModified } })).status).toBe(200);
  });

  it('takes an ens name, and the page’s filters', async () => {
    const byName = parseFeed(await (await server.get('/w/demo.eth/feed.atom')).text());
    expect(byName.title).toBe('Govex: proposals touching demo.eth');
    expect(byName.items.filter((item) => !item.id?.includes('/worst-without-vote/')).length).toBe(10);
    const high = parseFeed(await (await server.get(`${FEED}?minImpact=high&utm_source=reader`)).text());
    expect(high.items.map((item) => item.id)).toEqual([`tag:govex,2026-11-25:wallet/${evm}/proposal/aave-demo-1`]);
  });

  it('answers bad input as the page does: an HTML page with the right status, never a 500', async () => {
    for (const [path, status] of [['/w/0x123/feed.atom', 400], ['/w/nobody.eth/feed.atom', 400], [`${FEED}?minimpact=high`, 400], ['/w/0x123/calendar.ics', 400]] as const) {
      const response = await server.get(path);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
    }
  });
});

describe('GET /w/{address}/calendar.ics', () => {
  it('is a calendar an ics parser reads: the deadlines of the proposals touching the wallet, alarms a day before', async () => {
    const response = await server.get(CALENDAR);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await response.text();
    const events = new ICAL.Component(ICAL.parse(body)).getAllSubcomponents('vevent');
    expect(events.length).toBeGreaterThan(10);
    expect(events.every((event) => (event.getFirstSubcomponent('valarm')?.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds() === -86_400)).toBe(true);
    const tag = response.headers.get('etag')!;
    expect(tag).toBe(weakTagOf(body));
    expect((await server.get(CALENDAR, { headers: { 'if-none-match': tag } })).status).toBe(304);
  });
});

describe('the wallet page', () => {
  it('names its feed in <head> and shows “Follow this wallet: Atom · Calendar”, whose links answer', async () => {
    const page = await (await server.get('/w/demo.eth')).text();
    expect(page).toContain('<link rel="alternate" type="application/atom+xml" title="Govex: proposals touching demo.eth" href="/w/demo.eth/feed.atom">');
    const line = /<p class="follow">Follow this wallet: <a href="([^"]+)"[^>]*>Atom<\/a> · <a href="([^"]+)"[^>]*>Calendar<\/a><\/p>/.exec(page);
    expect(line?.slice(1)).toEqual(['/w/demo.eth/feed.atom', '/w/demo.eth/calendar.ics']);
    for (const href of line!.slice(1)) expect((await server.get(href!)).status, href).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it.each([
    [FEED, '/w/{address}/feed.atom'],
    [CALENDAR, '/w/{address}/calendar.ics'],
  ])('documents %s as answered: its status, content type and headers (ETag, Last-Modified, RateLimit)', async (path, template) => {
    const { response } = await getChecked(server, path, template);
    expect(response.status).toBe(200);
  });
});

describe('throttled as the page is', () => {
  const limited = useServer(() => testServices({ quota: 2, now: () => NOW }));

  it('counts the page, the feed and the calendar against one budget; over it, a 429 page', async () => {
    expect((await limited.get(`/w/${evm}`)).status).toBe(200);
    expect((await limited.get(FEED)).status).toBe(200);
    const refused = await limited.get(CALENDAR);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('GET /feed.atom (prebuilt)', () => {
  const queued = feedProposal({ id: 'compound-governors-9', protocol: 'compound', status: 'passed', timeline: { end: '2026-11-21T00:00:00Z' }, effectiveDate: '2026-11-23T06:00:00Z' });
  const open = feedProposal({ id: 'aave-gov3-1', protocol: 'aave', status: 'active', timeline: { end: '2026-12-01T00:00:00Z' } });

  it('lists every proposal a holder must watch, absolutely linked, with an ETag and a 304', async () => {
    const feed = { ...storedFeed([open, queued]), builtAt: NOW.toISOString() };
    await prebuildFiles(feed, server.services.feedStore, 'https://govex.example');
    const response = await server.get('/feed.atom');
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(atomViolations(body)).toEqual([]);
    expect(parseFeed(body).items.map((item) => item.url)).toEqual(['https://govex.example/p/aave-gov3-1', 'https://govex.example/p/compound-governors-9']);
    expect(parseFeed(body).items[1]!.content).toContain('passed, not yet executed, executes Nov 23, 2026, 06:00 UTC');
    const tag = response.headers.get('etag')!;
    expect(tag).toBe(weakTagOf(body));
    const again = await server.get('/feed.atom', { headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-type')).toBeNull();
    // Built again five minutes later with nothing changed: the same bytes, so readers get their 304.
    await prebuildFiles({ ...feed, builtAt: new Date(NOW.getTime() + 300_000).toISOString() }, server.services.feedStore, 'https://govex.example');
    expect((await server.get('/feed.atom', { headers: { 'if-none-match': tag } })).status).toBe(304);
  });
});
