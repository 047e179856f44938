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
    `(() => { const main = document.querySelector('main').cloneNode(true); for (const node of main.querySelectorAll('code, bdi, .description, ul.sources')) node.remove(); return main.innerText; })()`,
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
