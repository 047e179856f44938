import { describe, expect, it } from 'vitest';
import { DEMO_WALLETS } from '../../shared/demo/wallets.js';
import { useServer } from '../support/server.js';

const server = useServer();
const evm = DEMO_WALLETS[0]!.address;

describe('GET /w/{address}, the page function', () => {
  it('sends the pages\' security headers and a link preview stating the headline', async () => {
    const response = await server.get(`/w/${evm}`);
    const page = await response.text();
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    // The demo evm wallet is touched by every demo proposal but compound-demo-3 (4 aave, 2 compound, lido, morpho, spark); aave-demo-1 is the critical one.
    expect(page).toContain('<meta property="og:title" content="10 proposals touch this wallet, 1 critical · Govex">');
    expect(page).toContain('<meta name="twitter:description" content="10 proposals touch this wallet, 1 critical. Demo data, not real.');
    expect(page).not.toMatch(/<script|style=/);
  });

  it('redirects the search box to the wallet\'s page', async () => {
    const response = await server.get('/w/search?address=%20vitalik.eth%20', { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/w/vitalik.eth');
  });

  it('answers 502 with a page saying to try again shortly when no source answers', async () => {
    // Tests reach no upstream: every module of a live wallet fails.
    const response = await server.get('/w/0x1111111111111111111111111111111111111111');
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('Try again shortly.');
  });

  it('answers a bad address 400 with the accepted forms', async () => {
    const response = await server.get('/w/nope');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('an XRP Ledger account');
  });

  it('weighs under 60 KB with its stylesheet, and needs no script', async () => {
    const page = await (await server.get(`/w/${evm}`)).text();
    const css = await (await server.get('/assets/govex.css')).text();
    expect(Buffer.byteLength(page) + Buffer.byteLength(css)).toBeLessThan(60 * 1024);
  });
});

describe('the Atom feed in the catalog and llms.txt', () => {
  it('is listed by GET /api and by /llms.txt', async () => {
    const catalog = (await (await server.get('/api')).json()) as { atomFeed: string };
    expect(catalog.atomFeed).toBe(`${server.url}/feed.atom`);
    expect(await (await server.get('/llms.txt')).text()).toContain(`](${server.url}/feed.atom)`);
  });
});
