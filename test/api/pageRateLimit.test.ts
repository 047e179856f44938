import { parseList } from 'structured-headers';
import { describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';

// Issue #19: one client had 200 of 200 uncached page scans answered while its API quota stayed at 29.
// Pages now share the API's limiter and client key: 30 requests per 60 s, pages and API calls together.
const server = useServer(() => testServices({ quota: 30 }));

const remaining = (response: Response) => {
  const [item] = parseList(response.headers.get('ratelimit')!);
  return (item as [unknown, Map<string, number>])[1].get('r')!;
};
const totalUpstreamRequests = () => Object.values(server.services.upstreams.counter.snapshot()).reduce((sum, counts) => sum + counts.requests, 0);

/** A live EVM address no test scanned before: its page is an uncached scan (every upstream is a closed local port). */
const freshAddress = (n: number) => `0x${(0xabc000 + n).toString(16).padStart(40, '0')}`;

describe('wallet pages under the rate limit', () => {
  it('counts a page against the same budget as the API, and says so in the headers', async () => {
    expect(remaining(await server.get('/api/proposals'))).toBe(29);
    const page = await server.get(`/w/${demoWallet('evm').address}`);
    expect(page.status).toBe(200);
    expect(remaining(page)).toBe(28);
    expect(page.headers.get('ratelimit-policy')).toBe('"default";q=30;w=60');
    expect(page.headers.get('x-ratelimit-limit')).toBe('30');
    expect(page.headers.get('x-ratelimit-remaining')).toBe('28');
    expect(remaining(await server.get('/api/proposals'))).toBe(27);
  });

  it('answers uncached page scans only up to the quota, and a refused page reaches no upstream', async () => {
    // 27 left: 40 pages of wallets never scanned before, one after another.
    const statuses: number[] = [];
    let upstreamsAtFirstRefusal: number | undefined;
    for (let n = 0; n < 40; n++) {
      const response = await server.get(`/w/${freshAddress(n)}`);
      await response.arrayBuffer();
      statuses.push(response.status);
      if (response.status === 429) upstreamsAtFirstRefusal ??= totalUpstreamRequests();
    }
    // Every upstream is down here, so an answered page is a 502 page: it did try its upstreams.
    expect(statuses.filter((status) => status === 502)).toHaveLength(27);
    expect(statuses.filter((status) => status === 429)).toHaveLength(13);
    expect(upstreamsAtFirstRefusal).toBeGreaterThan(0);
    expect(totalUpstreamRequests()).toBe(upstreamsAtFirstRefusal);
  });

  it('refuses with an HTML page, no script, Retry-After equal to RateLimit t, and r=0', async () => {
    const response = await server.get(`/w/${demoWallet('evm').address}`);
    const body = await response.text();
    expect(response.status).toBe(429);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8}; includeSubDomains$/);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
    const [item] = parseList(response.headers.get('ratelimit')!);
    expect((item as [unknown, Map<string, number>])[1]).toEqual(new Map([['r', 0], ['t', retryAfter]]));
    expect(response.headers.get('x-ratelimit-remaining')).toBe('0');

    expect(body).toMatch(/^<!doctype html>/);
    expect(body).toContain('<h1 id="error-heading">Too many requests</h1>');
    expect(body).toContain(`Each address may ask for 30 pages and API calls in 60 s, and this one has. Try again in ${retryAfter} s.`);
    expect(body).not.toMatch(/<script|http-equiv="refresh"|style=/i);
  });

  it('refuses the search box\'s redirect and the API alike once the budget is spent', async () => {
    const search = await server.get('/w/search?address=vitalik.eth', { redirect: 'manual' });
    expect(search.status).toBe(429);
    expect(search.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const api = await server.get(`/api/scan/${demoWallet('evm').address}`);
    expect(api.status).toBe(429);
    expect(await api.json()).toMatchObject({ code: 'rate_limited' });
  });

  it('does not count a page\'s preflight', async () => {
    const preflight = await server.get(`/w/${demoWallet('evm').address}`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('ratelimit')).toBeNull();
  });
});
