import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_WALLETS } from '../../shared/api/exampleWallets.js';
import { DEMO_WALLETS } from '../../shared/demo/wallets.js';
import { shownByDefault } from '../../shared/domain/proposal.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { BROWSER_READY, expectFitsWidth, SCREENSHOTS, seriousViolations, useBrowser } from './chromium.js';
import { useRecordedFeed } from './recordedFeed.js';

// The recordings' date: the feed's live proposals are live then.
const NOW = new Date('2026-11-22T12:00:00Z');
const server = useServer(() => testServices({ now: () => NOW, config: { moduleDeadlineMs: 3_000 } }));
const browser = useBrowser();
const UNRECORDED_SOURCES = [
  'aave/arbstewards',
  'aave/basestewards',
  'aave/snapshot',
  // Compound's Comet pauses on the L2s with no recording (test/feed/recordedFeed.test.ts says why).
  'compound/arbitrumguardian',
  'compound/baseguardian',
  'compound/lineaguardian',
  'compound/mantleguardian',
  'compound/polygonguardian',
  'compound/scrollguardian',
  'compound/snapshot',
  'compound/unichainguardian',
  'jito/realms',
  'lido/snapshot',
  'morpho/basevaults',
  'morpho/snapshot',
  'spark/snapshot',
];

/** `UPSTREAM=recorded`: every upstream is the replay server, and the feed is built from it as the local server would. */
const feed = useRecordedFeed(server, NOW);
beforeAll(() => {
  // Every recorded source is in the feed (the others have no recording: test/fixtures/README.md).
  expect(feed.built().outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.source).sort()).toEqual(UNRECORDED_SOURCES);
});

it('gives every proposal of the recorded feed shown by default a changeType', async () => {
  const read = await server.services.feedStore.read();
  if (read.status !== 'found') throw new Error('no recorded feed');
  const shown = read.feed.proposals.filter(shownByDefault);
  expect(shown.length).toBeGreaterThan(20);
  expect(shown.filter((proposal) => !proposal.changeType).map((proposal) => proposal.id)).toEqual([]);
});

describe.skipIf(!BROWSER_READY)('pages on the recorded upstreams, in Chromium', () => {
  it.each(EXAMPLE_WALLETS.map((wallet) => [wallet.kind, wallet.address] as const))('renders the %s example wallet live, with its positions', async (kind, address) => {
    const { page, errors } = await browser.open(1280);
    const response = await page.goto(`${server.url}/w/${address}`);
    expect(response!.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toContain(address);
    expect(await page.locator('.banner-demo').count()).toBe(0);
    // Live in the sense of not demo, but a recording: the page says so first, and of when.
    expect(await page.locator('main > .banner-recorded').innerText()).toMatch(/^Recorded data, not live\. Replayed from recordings .* of states dated 2022-12-26 to \d{4}-\d\d-\d\d\./);
    for (const status of await page.locator('article.proposal .status').allTextContents()) expect(status).toMatch(/ (when recorded on \d{4}-\d\d-\d\d|in the recording \(its date not stated\))$/);
    expect(await page.locator('table.positions tbody tr').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `wallet-example-${kind}-1280.png`), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await expectFitsWidth(page);
    // Issue #21 item 7: axe at both widths, the narrow layout (positions as a compact list) included.
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('keeps a demo wallet demo data under recorded upstreams: the demo banner, no recording notice, dates counted from today', async () => {
    const { page, errors } = await browser.open(1280);
    await page.goto(`${server.url}/w/${DEMO_WALLETS[0]!.address}`);
    expect(await page.locator('.banner-demo').count()).toBe(1);
    expect(await page.locator('.banner-recorded').count()).toBe(0);
    const spark = page.locator('article.proposal', { hasText: 'lower the WETH liquidation threshold' });
    expect(await spark.locator('.status').textContent()).toBe('passed, not yet executed');
    expect(await spark.locator('.meta').innerText()).toMatch(/Ends \w{3} \d+, \d{4}, \d\d:00 UTC, in 4\u00a0days/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('serves the prebuilt index of the recorded feed: live and pending proposals, the search box, the API links', async () => {
    const { page, errors } = await browser.open(1280);
    const response = await page.goto(`${server.url}/`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(await page.locator('main > .banner-recorded').innerText()).toContain('Recorded data, not live.');
    const statuses = await page.locator('table.feed td.status').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => /^(voting|voting not started|passed, not yet executed) (when recorded on \d{4}-\d\d-\d\d|in the recording \(its date not stated\))$/.test(status))).toBe(true);
    // Compound's Bravo 141 was pending at the recorded head (2022-12-26), and reads so, never as pending today.
    const compound = page.locator('table.feed tr', { hasText: 'Risk Parameter Updates for 5 Collateral Assets' });
    expect(await compound.locator('td.status').textContent()).toBe('voting not started when recorded on 2022-12-26');
    expect(await page.locator('form[action="/w/search"][method="get"] input[name="address"]').count()).toBe(1);
    for (const href of ['/api', '/api/openapi.json', '/llms.txt', '/feed.atom']) expect(await page.locator(`main a[href="${href}"]`).count(), href).toBe(1);
    // Sources without recordings are named, never silently missing.
    expect(await page.locator('.banner-partial').innerText()).toContain('Jito DAO on Realms: not read at any build yet');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'index-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await expectFitsWidth(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'index-360.png'), fullPage: true });
    await page.context().close();
  });

  it('serves the Atom feed of the same proposals, well-formed XML', async () => {
    const { page } = await browser.open();
    const index = await (await fetch(`${server.url}/`)).text();
    const response = await fetch(`${server.url}/feed.atom`);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const atom = await response.text();
    await page.goto(`${server.url}/api/health`);
    // The browser's own XML parser (an expression: the tests compile without the DOM's types).
    const parsed = await page.evaluate(
      `((doc) => ({ error: doc.getElementsByTagName('parsererror').length, root: doc.documentElement.namespaceURI, entries: doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'entry').length }))(new DOMParser().parseFromString(${JSON.stringify(atom)}, 'application/xml'))`,
    );
    expect(parsed).toEqual({ error: 0, root: 'http://www.w3.org/2005/Atom', entries: (index.match(/<td data-label="Proposal">/g) ?? []).length });
    // A reader subscribed to it is told it is a recording, and each entry's status is of its recording's date.
    expect(atom).toContain('<title>Govex: recorded (not live) governance proposals</title>');
    expect(atom).toMatch(/<subtitle>Recorded data, not live\. Replayed from recordings .*of states dated 2022-12-26 to /);
    expect(atom).toMatch(/<summary type="text">voting not started when recorded on 2022-12-26, opens Dec 28, 2022/);
    await page.context().close();
  });

  it('says in GET /api that the data is a recording, and of when for each protocol', async () => {
    const response = await fetch(`${server.url}/api`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { recording?: { notice: string; statesFrom?: string; protocols: Record<string, string> } };
    expect(body.recording?.notice).toMatch(/^Recorded data, not live\./);
    expect(body.recording?.statesFrom).toBe('2022-12-26T23:04:23Z');
    expect(body.recording?.protocols).toMatchObject({ compound: '2022-12-26T23:04:23Z', lido: '2024-02-01T00:00:00Z' });
  });
});
