import { describe, expect, it } from 'vitest';
import { ifNoneMatchHolds, weakTagOf } from '../../shared/api/http/entityTag.js';
import { demoWallet } from '../../shared/demo/wallets.js';
import { feedProposal, storedFeed } from '../support/feed.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';

/*
 * Caching the API (issue #24 item 6): the feed, proposal detail, scans and positions carry a weak
 * ETag over their serialized answer, and a GET or HEAD whose If-None-Match holds it (RFC 9110
 * §13.1.2: the tag, W/ or not, in a list, or *) gets 304 with the ETag and Cache-Control and no
 * body. Over HTTP against the local server; a 304 still counts against the quota.
 */

const evm = demoWallet('evm').address;
const solana = demoWallet('solana').address;
const PROPOSALS = [feedProposal({ id: 'aave-gov3-1', protocol: 'aave', status: 'active' }), feedProposal({ id: 'aave-gov3-2', protocol: 'aave', status: 'pending' })];
const WEAK_TAG = /^W\/"[0-9a-f]{32}"$/;

const server = useServer(() => testServices({ quota: 10_000 }));
const remaining = (response: Response) => Number(/;r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')?.[1]);

describe.each([
  ['the feed', '/api/proposals?limit=5'],
  ['proposal detail', '/api/proposals/aave-gov3-1'],
  ['a scan', `/api/scan/${evm}`],
  ['positions', `/api/positions/${solana}`],
])('%s', (_, path) => {
  const first = async () => {
    await server.services.feedStore.write(storedFeed(PROPOSALS));
    const response = await server.get(path);
    expect(response.status).toBe(200);
    const body = await response.text();
    return { response, body, tag: response.headers.get('etag')! };
  };

  it('carries a weak ETag over the bytes it sends, the same on a repeat', async () => {
    const { tag, body } = await first();
    expect(tag).toMatch(WEAK_TAG);
    expect(tag).toBe(weakTagOf(body));
    const again = await server.get(path);
    expect(again.headers.get('etag')).toBe(tag);
    expect(await again.text()).toBe(body);
  });

  it('answers If-None-Match holding the tag with 304: ETag and Cache-Control, no body, still counted', async () => {
    const { response, tag } = await first();
    const before = remaining(response);
    const notModified = await server.get(path, { headers: { 'if-none-match': tag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(tag);
    expect(notModified.headers.get('cache-control')).toBe(response.headers.get('cache-control'));
    expect(notModified.headers.get('content-type')).toBeNull();
    expect(await notModified.text()).toBe('');
    expect(remaining(notModified)).toBe(before - 1);
  });

  it('takes *, a list holding the tag, and the tag without W/ (weak comparison); any other tag gets the answer', async () => {
    const { tag } = await first();
    const opaque = tag.slice(2);
    for (const field of ['*', `"nope", ${tag}`, `W/"a,b", ${opaque}`, opaque]) {
      expect((await server.get(path, { headers: { 'if-none-match': field } })).status, field).toBe(304);
    }
    for (const field of ['W/"0123"', '"nope", W/"other"', '', 'garbage', tag.slice(0, -2) + '"']) {
      const full = await server.get(path, { headers: { 'if-none-match': field } });
      expect(full.status, field).toBe(200);
      expect(full.headers.get('etag')).toBe(tag);
    }
  });

  it('answers HEAD with If-None-Match holding the tag with 304 too', async () => {
    const { tag } = await first();
    const head = await server.get(path, { method: 'HEAD', headers: { 'if-none-match': tag } });
    expect(head.status).toBe(304);
    expect(head.headers.get('etag')).toBe(tag);
  });
});

describe('a changed feed', () => {
  it('changes the feed\'s ETag, and a changed proposal\'s, so the old tag gets the new answer', async () => {
    await server.services.feedStore.write(storedFeed(PROPOSALS));
    const feedTag = (await server.get('/api/proposals')).headers.get('etag')!;
    const detailTag = (await server.get('/api/proposals/aave-gov3-1')).headers.get('etag')!;
    // The next build: a new proposal, and the first one now passed.
    await server.services.feedStore.write(storedFeed([{ ...PROPOSALS[0]!, status: 'passed' }, PROPOSALS[1]!, feedProposal({ id: 'aave-gov3-3', protocol: 'aave', status: 'active' })]));
    const feed = await server.get('/api/proposals', { headers: { 'if-none-match': feedTag } });
    expect(feed.status).toBe(200);
    expect(feed.headers.get('etag')).toMatch(WEAK_TAG);
    expect(feed.headers.get('etag')).not.toBe(feedTag);
    expect(((await feed.json()) as { proposals: { id: string }[] }).proposals.map(({ id }) => id)).toContain('aave-gov3-3');
    const detail = await server.get('/api/proposals/aave-gov3-1', { headers: { 'if-none-match': detailTag } });
    expect(detail.status).toBe(200);
    expect(detail.headers.get('etag')).not.toBe(detailTag);
  });
});

describe('errors', () => {
  it('carry no ETag and are never 304, even for If-None-Match: *', async () => {
    const missing = await server.get('/api/proposals/aave-gov3-999', { headers: { 'if-none-match': '*' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
  });
});

describe('ifNoneMatchHolds', () => {
  const tag = weakTagOf('{}');
  it.each([
    [undefined, false],
    ['*', true],
    [' * ', true],
    [tag, true],
    [tag.slice(2), true],
    [`W/"x", W/"y" ,${tag}`, true],
    ['W/"x", *', false],
    [tag.toUpperCase(), false],
  ])('%s → %s', (field, holds) => {
    expect(ifNoneMatchHolds(field, tag)).toBe(holds);
  });
});
