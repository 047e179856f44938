import type { HttpEvent } from '../../shared/api/http/types.js';
import { keptAnswer } from '../../shared/api/http/keptAnswers.js';
import { readFeed } from '../../shared/feed/readFeed.js';
import { describe, expect, it } from 'vitest';
import { feedProposal, storedFeed } from '../support/feed.js';
import { testServices } from '../support/services.js';

/*
 * The HTTP layer's one memo of read answers (scan, positions, proposals, proposal detail): a repeat
 * is served without asking the handler again while its answer stands, and never after the feed it
 * was matched against changed, after it expired, or for an answer given no standing.
 */
const event = (address: string, query?: Record<string, string>) =>
  ({ rawPath: `/api/scan/${address}`, headers: { host: 'govex.test' }, pathParameters: { address }, queryStringParameters: query, requestContext: {} }) as unknown as HttpEvent;

describe('keptAnswer', () => {
  it('serves a repeat from the memo while it stands, and asks again once it expired', async () => {
    let now = Date.parse('2026-11-25T12:00:00Z');
    const services = testServices({ now: () => new Date(now) });
    let asked = 0;
    const answer = async () => ({ reply: { body: { n: ++asked } }, standing: { expiresAtMs: now + 60_000 } });
    expect((await keptAnswer('positions', event('0xabc'), services, answer)).body).toEqual({ n: 1 });
    expect((await keptAnswer('positions', event('0xabc'), services, answer)).body).toEqual({ n: 1 });
    expect((await keptAnswer('positions', event('0xabc', { view: 'compact' }), services, answer)).body).toEqual({ n: 2 });
    expect((await keptAnswer('scan', event('0xabc'), services, answer)).body).toEqual({ n: 3 });
    now += 60_001;
    expect((await keptAnswer('positions', event('0xabc'), services, answer)).body).toEqual({ n: 4 });
  });

  it('asks again once the stored feed the answer was matched against changed', async () => {
    const services = testServices();
    await services.feedStore.write(storedFeed([feedProposal({ id: 'aave-gov3-1', protocol: 'aave', status: 'active' })]));
    let asked = 0;
    const answer = async () => {
      const { version } = await readFeed(services.feedStore, services.now());
      return { reply: { body: { n: ++asked } }, standing: { expiresAtMs: services.now().getTime() + 60_000, feedVersion: version } };
    };
    expect((await keptAnswer('proposals', event('x'), services, answer)).body).toEqual({ n: 1 });
    expect((await keptAnswer('proposals', event('x'), services, answer)).body).toEqual({ n: 1 });
    await services.feedStore.write(storedFeed([feedProposal({ id: 'aave-gov3-2', protocol: 'aave', status: 'active' })]));
    expect((await keptAnswer('proposals', event('x'), services, answer)).body).toEqual({ n: 2 });
  });

  it('keeps nothing given no standing (an ens name) or a standing already over', async () => {
    const services = testServices();
    let asked = 0;
    const unkept = async () => ({ reply: { body: { n: ++asked } } });
    await keptAnswer('scan', event('vitalik.eth'), services, unkept);
    await keptAnswer('scan', event('vitalik.eth'), services, unkept);
    const over = async () => ({ reply: { body: { n: ++asked } }, standing: { expiresAtMs: services.now().getTime() } });
    await keptAnswer('scan', event('0xdef'), services, over);
    await keptAnswer('scan', event('0xdef'), services, over);
    expect(asked).toBe(4);
  });
});
