import { parseList } from 'structured-headers';
import { describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';

// The contract's policy: 30 requests per client per 60-second sliding window.
const server = useServer(() => testServices({ quota: 30 }));
const scan = `/api/scan/${demoWallet('evm').address}`;

const rateLimitOf = (response: Response) => {
  const [item] = parseList(response.headers.get('ratelimit')!);
  const [name, params] = item as [unknown, Map<string, number>];
  return { name: String(name), r: params.get('r')!, t: params.get('t')! };
};

describe('rate limiting', () => {
  // The wallet page is throttled like the API since issue #19 (test/api/pageRateLimit.test.ts).
  it('does not throttle health, the catalog, the spec or llms.txt', async () => {
    for (const path of ['/api/health', '/api', '/api/openapi.json', '/llms.txt']) {
      const response = await server.get(path);
      expect(response.headers.get('ratelimit'), path).toBeNull();
    }
  });

  it('does not count preflights', async () => {
    for (let i = 0; i < 5; i++) await server.get(scan, { method: 'OPTIONS' });
    const response = await server.get('/api/proposals');
    expect(rateLimitOf(response).r).toBe(29);
  });

  it('allows exactly the quota, then refuses with 429, Retry-After equal to t, and r=0', async () => {
    // One request is already counted by the test above; 40 more race each other.
    const responses = await Promise.all(Array.from({ length: 40 }, () => server.get(scan)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(29);
    expect(statuses.filter((status) => status === 429)).toHaveLength(11);

    const refused = responses.find((response) => response.status === 429)!;
    const body = await refused.json();
    expect(body).toMatchObject({ code: 'rate_limited' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
    expect(rateLimitOf(refused)).toEqual({ name: 'default', r: 0, t: retryAfter });
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('sends the policy and the budget on every throttled answer, errors included', async () => {
    for (const response of [await server.get(scan), await server.get('/api/positions/0x12'), await server.get('/api/proposals?limit=0')]) {
      const [policy] = parseList(response.headers.get('ratelimit-policy')!);
      const [name, params] = policy as [unknown, Map<string, number>];
      expect(String(name)).toBe('default');
      expect(params.get('q')).toBe(30);
      expect(params.get('w')).toBe(60);
      expect(response.headers.get('x-ratelimit-limit')).toBe('30');
      expect(Number(response.headers.get('x-ratelimit-remaining'))).toBe(rateLimitOf(response).r);
    }
  });

  it('does not count refused requests, so waiting Retry-After is enough', async () => {
    // 20 more refusals: were they counted, the estimate would climb 20 past the quota and the
    // wait would grow by whole window fractions; uncounted, it can only shrink as time passes.
    const before = Number((await server.get(scan)).headers.get('retry-after'));
    for (let i = 0; i < 20; i++) await server.get(scan);
    const after = Number((await server.get(scan)).headers.get('retry-after'));
    expect(after).toBeLessThanOrEqual(before);
  });
});
