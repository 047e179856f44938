import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_WALLETS } from '../../shared/demo/wallets.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { BROWSER_READY, expectFitsWidth, SCREENSHOTS, seriousViolations, useBrowser } from './chromium.js';

const server = useServer(() => testServices({ ens: { resolve: async (name) => (name === 'demo.eth' ? DEMO_WALLETS[0]!.address : null) } }));
const browser = useBrowser();

describe.skipIf(!BROWSER_READY)('the wallet page in Chromium', () => {
  it.each(DEMO_WALLETS.map((wallet) => [wallet.kind, wallet.address] as const))('renders the %s demo wallet with its banner, positions and proposals, and axe finds nothing serious', async (kind, address) => {
    const { page, errors } = await browser.open(1280);
    const response = await page.goto(`${server.url}/w/${address}`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect.poll(() => page.locator('h1').innerText()).toContain(address);
    expect(await page.locator('.banner-demo').innerText()).toContain('not real');
    expect(await page.locator('table.positions tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('article.proposal').count()).toBeGreaterThan(0);
    expect(await page.locator('section.attention h2').innerText()).toMatch(/^Needs your attention/);
    // Level as a word on every card, never colour alone (text content: folded cards are not rendered until opened).
    for (const badge of await page.locator('article.proposal .badge').allTextContents()) expect(badge).toMatch(/^(critical|high|medium|low|none)$/i);
    expect(await page.locator('a[href$="/api/scan/' + address + '"]').count()).toBe(1);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toMatch(/proposals? touch/);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `wallet-${kind}-1280.png`), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await expectFitsWidth(page);
    // The attention strip leads the page at 360 px too: it starts within the first 800 px.
    const strip = await page.locator('section.attention').boundingBox();
    expect(strip!.y).toBeLessThan(800);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `wallet-${kind}-360.png`), fullPage: true });
    await page.context().close();
  });

  it('charts the evm demo account’s health factor against the liquidation line, with words beside each bar', async () => {
    const { page } = await browser.open();
    await page.goto(`${server.url}/w/${DEMO_WALLETS[0]!.address}`);
    const labels = await page.locator('.chart svg[role="img"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
    expect(labels.some((label) => /Health factor 1\.42 before, 0\.95 after; liquidation below 1\.0/.test(label ?? ''))).toBe(true);
    // The SparkLend account under spark-demo-1: 15,750 × 0.86 / 8,800 = 1.54 before, 15,750 × 0.83 / 8,800 = 1.49 after.
    expect(labels.some((label) => /Health factor 1\.54 before, 1\.49 after; liquidation below 1\.0/.test(label ?? ''))).toBe(true);
    expect(await page.locator('.chart').innerText()).toContain('below 1.0');
    await page.context().close();
  });

  it('lists the evm demo wallet’s positions in all six EVM modules', async () => {
    const { page } = await browser.open();
    await page.goto(`${server.url}/w/${DEMO_WALLETS[0]!.address}`);
    const protocols = await page.locator('td[data-label="Protocol"]').allInnerTexts();
    expect([...new Set(protocols)].sort()).toEqual(['Aave', 'Compound', 'Lido', 'Morpho', 'Sky', 'Spark']);
    await page.context().close();
  });

  it('names the ens name and the address it resolves to', async () => {
    const { page } = await browser.open();
    await page.goto(`${server.url}/w/demo.eth`);
    const facts = await page.locator('.wallet-facts').innerText();
    expect(facts).toContain('ens name');
    expect(facts).toContain(DEMO_WALLETS[0]!.address);
    await page.context().close();
  });

  it('takes a wallet from the search box with JavaScript off', async () => {
    const context = await (await browser.open()).page.context().browser()!.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.fill('#address', DEMO_WALLETS[3]!.address);
    await Promise.all([page.waitForURL(`**/w/${DEMO_WALLETS[3]!.address}`), page.click('button[type="submit"]')]);
    expect(await page.locator('h1').innerText()).toContain(DEMO_WALLETS[3]!.address);
    await context.close();
  });

  it.each([
    ['/w/not-a-wallet', 400, 'Not a wallet we can read', 'An EVM address'],
    ['/w/nobody.eth', 404, 'No address for this name', 'does not resolve'],
  ])('answers %s with an HTML page, status %i', async (path, status, heading, text) => {
    const { page, errors } = await browser.open(360);
    const response = await page.goto(`${server.url}${path}`);
    expect(response!.status()).toBe(status);
    expect(response!.headers()['content-type']).toBe('text/html; charset=utf-8');
    expect(await page.locator('h1').innerText()).toBe(heading);
    expect((await page.locator('main').innerText()).toLowerCase()).toContain(text.toLowerCase());
    expect(await seriousViolations(page)).toEqual([]);
    // The browser reports the page's own status; nothing else may complain.
    expect(errors.filter((error) => !error.includes(`status of ${status}`))).toEqual([]);
    await page.context().close();
  });
});
