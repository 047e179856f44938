import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { BROWSER_READY, expectFitsWidth, SCREENSHOTS, seriousViolations, useBrowser } from './chromium.js';

// A quota of 2: the first two pages are shown, the third is refused (issue #19).
const server = useServer(() => testServices({ quota: 2 }));
const browser = useBrowser();

describe.skipIf(!BROWSER_READY)('a rate-limited wallet page in Chromium', () => {
  it('says in words when to come back, runs nothing, asks again for nothing, and axe finds nothing serious', async () => {
    const { page, errors } = await browser.open(1280);
    // Three wallets: a page already shown would come from the browser's cache (private, max-age=60), never asking.
    for (const kind of ['solana', 'cosmos'] as const) expect((await page.goto(`${server.url}/w/${demoWallet(kind).address}`))!.status()).toBe(200);
    const wallet = `${server.url}/w/${demoWallet('evm').address}`;

    const requests: string[] = [];
    const statuses = new Map<string, number>();
    page.on('request', (request) => requests.push(request.url()));
    page.on('response', (response) => statuses.set(response.url(), response.status()));
    const refused = await page.goto(wallet);
    expect(refused!.status()).toBe(429);
    const retryAfter = Number(refused!.headers()['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused!.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(await page.locator('h1').innerText()).toBe('Too many requests');
    expect(await page.locator('[role="alert"]').innerText()).toBe(`Each address may ask for 2 pages and API calls in 60 s, and this one has. Try again in ${retryAfter} s.`);
    // The search box is still there, as on every error page.
    expect(await page.locator('form input').count()).toBeGreaterThan(0);
    expect(await page.locator('script').count()).toBe(0);
    expect(await page.locator('meta[http-equiv]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Nothing asks again by itself: after a while, only the page and its stylesheet were ever fetched.
    await page.waitForTimeout(1_500);
    expect(requests.filter((url) => url.startsWith(wallet))).toHaveLength(1);
    // The stylesheet is not throttled; Chromium's only complaint is the page's own status.
    expect([...statuses].filter(([url]) => url !== wallet).map(([, status]) => status)).toEqual(requests.length > 1 ? [200] : []);
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 429 (Too Many Requests)']);
    await page.setViewportSize({ width: 360, height: 800 });
    await expectFitsWidth(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'rate-limited-360.png'), fullPage: true });
    await page.context().close();
  });
});
