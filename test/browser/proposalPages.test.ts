import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WALLETS } from '../../shared/demo/wallets.js';
import { type FeedProposal, shownByDefault } from '../../shared/domain/proposal.js';
import { SHARED_PARAMETER_KINDS } from '../../shared/domain/sharedParameters.js';
import { MODULE_ENTRIES } from '../../shared/modules/loaders.js';
import { MODULE_INFOS, PROTOCOL_SLUGS } from '../../shared/modules/registry.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { BROWSER_READY, expectFitsWidth, SCREENSHOTS, seriousViolations, useBrowser } from './chromium.js';
import { useRecordedFeed } from './recordedFeed.js';

// A fixed clock: the recordings' date (their live proposals are live then); demo dates count from it too.
const NOW = new Date('2026-11-22T12:00:00Z');
const server = useServer(() => testServices({ now: () => NOW, config: { moduleDeadlineMs: 3_000 } }));
const browser = useBrowser();
let recorded: FeedProposal[] = [];
/** Every module's demo proposals, dated from the fixed clock as the server dates them. */
const demo: FeedProposal[] = (await Promise.all(MODULE_ENTRIES.map(async (entry) => (await entry.load()).demo.proposals(NOW)))).flat();

/** `UPSTREAM=recorded`: the feed is built from the replay server, as the local server would build it. */
const feed = useRecordedFeed(server, NOW);
beforeAll(() => {
  recorded = feed.built().feed.proposals.filter(shownByDefault);
});

/**
 * Identifiers that must never reach a reader: the registry's slugs and every parameter kind's name
 * that is not also a plain word (`reserveFactor`, never `amendment`, which the label says too).
 */
const KIND_NAMES = [...SHARED_PARAMETER_KINDS, ...MODULE_INFOS.flatMap((module) => module.parameters ?? [])].map((kind) => kind.name);
const IDENTIFIERS = [...PROTOCOL_SLUGS, ...KIND_NAMES.filter((name) => /[^a-z]/.test(name))];

/**
 * The page's visible text without what is quoted rather than written by us: code (an id, an
 * address, a source's evidence), the proposal's own words (title, summary, body: upstream text) and
 * the labels its sources give their links ("Vote on vote.lido.fi"). An identifier in what is left is one we wrote.
 */
async function ourWords(page: Page): Promise<string> {
  return (await page.evaluate(
    `(() => { const main = document.querySelector('main').cloneNode(true); for (const node of main.querySelectorAll('code, bdi, .description, ul.sources, .governance a')) node.remove(); return main.innerText; })()`,
  )) as string;
}

async function expectNoIdentifier(page: Page): Promise<void> {
  const text = await ourWords(page);
  for (const identifier of IDENTIFIERS) expect(text, identifier).not.toMatch(new RegExp(`(^|[^\\w-])${identifier}([^\\w-]|$)`));
}

async function checkProposalPage(id: string, changes: number, name?: string): Promise<void> {
  const { page, errors } = await browser.open(1280);
  const response = await page.goto(`${server.url}/p/${id}`);
  expect(response!.status(), id).toBe(200);
  expect(response!.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(await page.locator('h1').count()).toBe(1);
  // One row per change, or words saying none could be read.
  if (changes > 0) expect(await page.locator('table.changes tbody tr').count(), id).toBe(changes);
  else expect(await page.locator('table.changes').count()).toBe(0);
  expect(await page.locator('form[action="/w/search"][method="get"] input[name="address"]').count()).toBe(1);
  await expectNoIdentifier(page);
  expect(await seriousViolations(page), id).toEqual([]);
  expect(errors).toEqual([]);
  if (name) await page.screenshot({ path: join(SCREENSHOTS, `proposal-${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await expectFitsWidth(page);
  // The narrow layout differs where there is a table of changes (each row a card): checked there.
  if (changes > 0 || name) expect(await seriousViolations(page), id).toEqual([]);
  if (name) await page.screenshot({ path: join(SCREENSHOTS, `proposal-${name}-360.png`), fullPage: true });
  await page.context().close();
}

describe.skipIf(!BROWSER_READY)('proposal pages in Chromium', () => {
  it.each(demo.map((proposal) => [proposal.id, proposal.changes.length] as const))('renders the demo proposal /p/%s at 1280 and 360 px, said to be demo data, axe finding nothing serious', async (id, changes) => {
    await checkProposalPage(id, changes, id);
    const { page } = await browser.open(360);
    await page.goto(`${server.url}/p/${id}`);
    expect(await page.locator('.banner-demo').innerText()).toContain('not real');
    await page.context().close();
  });

  it('renders /p/{id} for every proposal of the recorded feed at 1280 and 360 px, said to be recorded', async () => {
    expect(recorded.length).toBeGreaterThan(20);
    for (const [index, proposal] of recorded.entries()) await checkProposalPage(proposal.id, proposal.changes.length, index === 0 ? 'recorded' : undefined);
    const { page } = await browser.open();
    await page.goto(`${server.url}/p/${recorded[0]!.id}`);
    expect(await page.locator('main > .banner-recorded').innerText()).toContain('Recorded data, not live.');
    await page.context().close();
  }, 600_000);

  /** The "now on chain" cell of the row whose parameter and subject read so, as a person sees it. */
  const chainCell = async (page: Page, parameter: string, subject: string) => {
    const row = page.locator('table.changes tbody tr').filter({ has: page.locator('td[data-label="Parameter"]', { hasText: parameter }) }).filter({ has: page.locator('td[data-label="Applies to"]', { hasText: subject }) });
    expect(await row.count(), `${parameter} of ${subject}`).toBe(1);
    return (await row.locator('td[data-label="Now on chain"]').innerText()).replace(/[ \t\n]+/g, ' ');
  };

  it('shows beside each change the value read on chain: the recorded Compound proposal’s at its head, why not for Aave’s, the demo chain’s for demo proposals (#21 item 4)', async () => {
    const { page, errors } = await browser.open(1280);
    await page.goto(`${server.url}/p/compound-bravo-141`);
    expect(await page.locator('table.changes caption').innerText()).toContain('“now on chain” is the value read from the recorded chain');
    // Bravo 141 states no old values; the chain at the recording's head holds those proposals 74, 133 and 135 set.
    expect(await chainCell(page, 'Liquidation threshold', 'BAT')).toBe('65\u00a0% the value it replaces (none stated)');
    expect(await chainCell(page, 'Liquidation threshold', 'SUSHI')).toBe('70\u00a0% the value it replaces (none stated)');
    expect(await chainCell(page, 'Borrow cap', 'LINK')).toBe('45,000 the value it replaces (none stated)');
    // Aave 514's X Layer reserve: no recording of X Layer, so it says it could not be read; a listing replaces nothing.
    await page.goto(`${server.url}/p/aave-gov3-514`);
    // In the node's words (here the replay server's), as aggregateCall says a failed read, never viem's error name.
    expect(await chainCell(page, 'Supply cap', 'PT-USDG-29OCT2026')).toBe('Not read: could not be read on X Layer (xlayer: JSON-RPC error -32601: replay: no recorded exchange for eth_chainId)');
    expect(await chainCell(page, 'Listing', 'PT-USDG')).toBe('Not read: a listing replaces no value: before it, the asset is not listed');
    // An executed proposal is not read, and says why.
    await page.goto(`${server.url}/p/compound-bravo-140`);
    expect(await chainCell(page, 'Supply cap', 'UNI')).toBe('Not read: the proposal is executed; only proposals that can still take effect are read');
    // Demo proposals: the demo wallet's positions are the demo chain; aave-demo-2 says WETH's threshold is 83 %, and so does the demo chain.
    await page.goto(`${server.url}/p/aave-demo-2`);
    expect(await page.locator('table.changes caption').innerText()).toContain('from the demo wallet’s made-up positions');
    expect(await chainCell(page, 'Liquidation threshold', 'WETH')).toBe('83\u00a0% agrees with “before”');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('takes a wallet from a proposal page to its wallet page with JavaScript off', async () => {
    const context = await (await browser.open()).page.context().browser()!.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/p/${demo[0]!.id}`);
    await page.fill('#address', DEMO_WALLETS[0]!.address);
    await Promise.all([page.waitForURL(`**/w/${DEMO_WALLETS[0]!.address}`), page.click('form[action="/w/search"] button[type="submit"]')]);
    expect(await page.locator('h1').innerText()).toContain(DEMO_WALLETS[0]!.address);
    await context.close();
  });

  it('finds a proposal from the index by name with JavaScript off, and opens its page', async () => {
    const target = recorded.find((proposal) => proposal.title.length > 12)!;
    const words = target.title.split(/\s+/).slice(0, 3).join(' ');
    const context = await (await browser.open()).page.context().browser()!.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.fill('#q', words);
    await Promise.all([page.waitForURL('**/p/search?q=*'), page.click('form[action="/p/search"] button[type="submit"]')]);
    await Promise.all([page.waitForURL(`**/p/${target.id}`), page.locator(`a[href="/p/${target.id}"]`).first().click()]);
    expect(page.url()).toBe(`${server.url}/p/${target.id}`);
    expect(await page.locator('h1').innerText()).toContain(words);
    await context.close();
  });

  it('groups the index by protocol, each row linking to its page', async () => {
    const { page } = await browser.open(1280);
    await page.goto(`${server.url}/`);
    const groups = await page.locator('section.protocol-group h3').allInnerTexts();
    expect(groups.length).toBeGreaterThan(0);
    const rows = await page.locator('section.protocol-group tbody tr').count();
    expect(await page.locator('section.protocol-group tbody tr td[data-label="Proposal"] a[href^="/p/"]').count()).toBe(rows);
    expect(await page.locator('nav[aria-label="Protocols"] a[href^="#protocol-"]').count()).toBe(groups.length);
    await page.context().close();
  });
});

describe.skipIf(!BROWSER_READY)('dark mode and print', () => {
  const pages = (): [string, string][] => [
    ['index', '/'],
    ['demo proposal', `/p/${demo[0]!.id}`],
    ['recorded proposal', `/p/${recorded.find((proposal) => proposal.changes.length > 0)!.id}`],
    ['demo evm wallet', `/w/${DEMO_WALLETS[0]!.address}`],
    ['proposal search', '/p/search?q=a'],
  ];

  it('follows prefers-color-scheme: dark, and axe finds no contrast or other serious problem at 1280 and 360 px', async () => {
    for (const [name, path] of pages()) {
      const { page, errors } = await browser.open(1280);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`${server.url}${path}`);
      // The page did turn dark: its background is the dark one.
      expect(await page.evaluate('getComputedStyle(document.body).backgroundColor'), name).toBe('rgb(13, 17, 23)');
      expect(await seriousViolations(page), name).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS, `dark-${name.replace(/ /g, '-')}-1280.png`), fullPage: true });
      await page.setViewportSize({ width: 360, height: 800 });
      expect(await seriousViolations(page), name).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 300_000);

  it('prints black on white, without the forms, and with where each outside link goes', async () => {
    const { page } = await browser.open(1280);
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    await page.goto(`${server.url}/p/${recorded.find((proposal) => proposal.sourceLinks?.length)!.id}`);
    expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(255, 255, 255)');
    expect(await page.evaluate('getComputedStyle(document.body).color')).toBe('rgb(0, 0, 0)');
    expect(await page.locator('form.search').first().isVisible()).toBe(false);
    const after = await page.evaluate(`getComputedStyle(document.querySelector('main ul.sources a[href^="http"]'), '::after').content`);
    expect(after).toMatch(/^" \(" attr\(href\) "\)"$|^" \(https?:/);
    await page.context().close();
  });
});
