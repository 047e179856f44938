import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';

// As deployed behind CloudFront: a secret origin header, clients keyed on the viewer address.
const server = useServer(() => testServices({ quota: 2, config: { originSecret: 'rotate-me', trustViewerAddress: true } }));
const viaCdn = (viewer: string, extra: Record<string, string> = {}) => ({ headers: { 'x-govex-origin': 'rotate-me', 'cloudfront-viewer-address': viewer, ...extra } });
const remaining = async (init: RequestInit) => (await server.get('/api/proposals', init)).headers.get('x-ratelimit-remaining');

describe('behind the CDN', () => {
  it('finds nothing for a caller going around the CDN', async () => {
    for (const headers of [{}, { 'x-govex-origin': 'guess' }, { 'x-govex-origin': 'rotate-m' }] as Record<string, string>[]) {
      const response = await server.get('/api/proposals', { headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('serves the CDN', async () => {
    expect((await server.get('/api/health', viaCdn('198.51.100.7:4431'))).status).toBe(200);
  });

  it('keys clients on the viewer address without its port', async () => {
    expect(await remaining(viaCdn('203.0.113.5:1111'))).toBe('1');
    expect(await remaining(viaCdn('203.0.113.5:2222'))).toBe('0');
    expect(await remaining(viaCdn('203.0.113.6:1111'))).toBe('1');
  });

  it('ignores X-Forwarded-For, which a caller can write', async () => {
    const init = viaCdn('2001:db8:aa:bb00::1:5555', { 'x-forwarded-for': '192.0.2.1' });
    expect(await remaining(init)).toBe('1');
    expect(await remaining(viaCdn('2001:db8:aa:bbff::9:6666', { 'x-forwarded-for': '192.0.2.2' }))).toBe('0'); // same /56
  });
});
