import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { prebuildFiles } from '../../shared/feed/prebuildFiles.js';
import { MemoryFeedStore } from '../../shared/stores/memory/memoryFeedStore.js';
import { PAGE_SECURITY_HEADERS, STYLESHEET_PATH } from '../../web/securityHeaders.js';
import { walletPage } from '../../web/walletPage.js';
import { feedProposal, storedFeed } from '../support/feed.js';
import { BROWSER_READY, expectFitsWidth, seriousViolations, useBrowser } from './chromium.js';

const PWN = (n: number) => `window.__pwned=${n}`;
const END = '2026-12-01T00:00:00Z';

/** Proposals as a hostile proposer would write them: markup, handlers, script links, bidi tricks, sheer length. */
const HOSTILE: FeedProposal[] = [
  feedProposal({ id: 'aave-h-1', protocol: 'aave', status: 'active', changeType: 'parameter', timeline: { end: END }, title: `<script>${PWN(1)}</script>Free money`, summary: `<img src=x onerror="${PWN(2)}">`, sourceLinks: [{ url: `javascript:${PWN(3)}`, label: 'Click <b>me</b>' }] }),
  feedProposal({ id: 'aave-h-2', protocol: 'aave', status: 'active', timeline: { end: END }, title: '\u202Egnp.exe Airdrop claim', sourceLinks: [{ url: `https://example.org/"><script>${PWN(4)}</script>`, label: '"><svg onload="window.__pwned=5">' }] }),
  feedProposal({ id: 'aave-h-3', protocol: 'aave', status: 'pending', timeline: { start: END }, title: 'A'.repeat(10_000), summary: 'B'.repeat(10_000) }),
  feedProposal({ id: 'cosmoshub-h-4', protocol: 'cosmoshub', status: 'active', timeline: { end: END }, title: 'Claim your ATOM airdrop', spam: { rule: 'test/airdrop', reason: 'title advertises an airdrop' }, sourceLinks: [{ url: 'https://phish.example/claim', label: 'Claim now' }] }),
];

function hostileWalletPage(): string {
  return walletPage({
    shown: '0xde30000000000000000000000000000000000001',
    kind: 'evm',
    address: '0xde30000000000000000000000000000000000001',
    mode: 'live',
    positions: [{ id: 'p', protocol: 'aave', asset: '<img src=x onerror="window.__pwned=6">', amount: '1', user_address: 'x', valueUsd: 10, healthFactor: 1.2 }],
    proposals: HOSTILE.map((proposal) => ({
      proposal,
      impact: { level: 'high', summary: `<script>${PWN(7)}</script>`, estimatedChange: '\u202Eevil', estimatedImpactUsd: -5 },
      effects: [{ level: 'high', summary: '', assets: [], simulated: true, healthFactor: { market: `<svg onload="${PWN(8)}">`, before: 1.2, after: 0.9 } }],
    })),
    checked: ['aave', 'cosmoshub'],
    degraded: [{ module: 'aave', component: 'source', message: `<script>${PWN(9)}</script>` }],
    refreshedAt: END,
    jsonUrl: 'javascript:alert(1)',
  });
}

let server: Server;
let url = '';
beforeAll(async () => {
  const store = new MemoryFeedStore();
  await prebuildFiles(storedFeed(HOSTILE), store);
  const stylesheet = await readFile(new URL('../../web/assets/govex.css', import.meta.url), 'utf8');
  // Served with the same headers as the page function and the local server send.
  server = createServer(async (request, response) => {
    const send = (type: string, body: string) => response.writeHead(200, { ...PAGE_SECURITY_HEADERS, 'Content-Type': type }).end(body);
    if (request.url === STYLESHEET_PATH) return send('text/css', stylesheet);
    if (request.url === '/wallet') return send('text/html; charset=utf-8', hostileWalletPage());
    const index = (await store.readPrebuilt('index.html'))!;
    send(index.contentType, index.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const browser = useBrowser();

async function expectNothingRan(page: Page, errors: string[]) {
  expect(await page.evaluate('window.__pwned')).toBeUndefined();
  expect(await page.evaluate('document.scripts.length')).toBe(0);
  expect(await page.locator('img, iframe, object, embed').count()).toBe(0);
  expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
  expect(await page.locator('a[href*="phish.example"]').count()).toBe(0);
  expect(errors).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
}

describe.skipIf(!BROWSER_READY)('hostile proposal data in Chromium', () => {
  it.each([
    ['the wallet page', '/wallet'],
    ['the index', '/'],
  ])('%s shows it as text, runs nothing and links nothing but http(s)', async (_name, path) => {
    const { page, errors } = await browser.open(1280);
    await page.goto(`${url}${path}`);
    const text = await page.locator('main').innerText();
    expect(text).toContain('<script>window.__pwned=1</script>Free money');
    expect(text).toContain('\u202Egnp.exe');
    // The long title is cut for the page; the JSON keeps it whole.
    expect(text).not.toContain('A'.repeat(300));
    await page.setViewportSize({ width: 360, height: 800 });
    await expectFitsWidth(page);
    await expectNothingRan(page, errors);
    await page.context().close();
  });

  it('keeps the spam proposal off the index, and its link never a link on the wallet page', async () => {
    const { page } = await browser.open();
    await page.goto(`${url}/`);
    expect(await page.locator('main').innerText()).not.toContain('Claim your ATOM airdrop');
    await page.goto(`${url}/wallet`);
    expect(await page.locator('main').innerText()).toContain('https://phish.example/claim');
    expect(await page.locator('a[href*="phish.example"]').count()).toBe(0);
    await page.context().close();
  });
});
