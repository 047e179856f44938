import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_WALLETS } from '../../shared/demo/wallets.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { BROWSER_READY, expectFitsWidth, SCREENSHOTS, seriousViolations, useBrowser } from './chromium.js';

// A fixed clock: the demo's dates count from it (shared/demo/demoClock.ts), so aave-demo-1's vote ends at +5 days 21 hours.
const NOW = new Date('2026-11-25T12:00:00Z');
const server = useServer(() => testServices({ now: () => NOW }));
const browser = useBrowser();
const EVM = DEMO_WALLETS[0]!.address;
const FOLD = 800;

/** Where an element sits in the viewport before any scrolling: its top and bottom, px. */
const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox();
  expect(found, selector).not.toBeNull();
  return { top: Math.round(found!.y), bottom: Math.round(found!.y + found!.height) };
};

describe.skipIf(!BROWSER_READY)('the "Needs your attention" strip in Chromium, on a fixed clock', () => {
  it.each([360, 1280])('shows the demo evm wallet’s critical proposal, its time left and what to do above the fold at %i px', async (width) => {
    const { page, errors } = await browser.open(width);
    await page.setViewportSize({ width, height: FOLD });
    await page.goto(`${server.url}/w/${EVM}`);
    // First after the demo banner, before the wallet's own section.
    expect(await page.locator('main > *').evaluateAll((nodes) => nodes.map((node) => node.className).slice(0, 3))).toEqual(['banner banner-demo', 'attention', 'wallet']);
    const strip = await box(page, 'section.attention');
    const title = await box(page, '.attention-item.level-critical .attention-title');
    const timeLeft = await box(page, '.attention-item.level-critical .time-left');
    const todo = await box(page, '.attention-item.level-critical .attention-actions li');
    console.info(`attention strip at ${width} px: top ${strip.top}, critical title ${title.top}–${title.bottom}, time left bottom ${timeLeft.bottom}, first action bottom ${todo.bottom}, strip bottom ${strip.bottom}`);
    for (const bottom of [title.bottom, timeLeft.bottom, todo.bottom]) expect(bottom).toBeLessThanOrEqual(FOLD);
    // Every thing to do (vote, repay or add, the liquidation price), not only the first, is above the fold.
    const bottoms = await page.locator('.attention-item.level-critical .attention-actions li').evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().bottom)));
    console.info(`actions' bottoms at ${width} px: ${bottoms.join(', ')}`);
    expect(bottoms.length).toBe(3);
    for (const bottom of bottoms) expect(bottom).toBeLessThanOrEqual(FOLD);
    expect(await page.locator('.attention-item .badge').allInnerTexts()).toEqual(['CRITICAL']);
    expect(await page.locator('.attention-item .time-left').innerText()).toBe('vote ends in 5\u00a0days');
    expect(await page.locator('.attention-item .time-left time').getAttribute('title')).toBe('Dec 1, 2026, 09:00 UTC');
    const actions = await page.locator('.attention-item .attention-actions').innerText();
    // Hand-worked in test/simulate/safetyActions.test.ts: repay 4,558.55 → about $4,560; add 6,041.45 → about $6,050 of WETH; WETH at $3,321.33.
    expect(actions).toContain('Repay about $4,560 or add about $6,050 of WETH collateral');
    expect(actions).toContain('above 1.1');
    expect(actions).toContain('needs WETH above about $3,321');
    expect(await page.locator('.attention-combined').innerText()).toContain('from 1.420 to 0.891, below 1');
    expect(await page.locator('.attention-item a').first().getAttribute('href')).toBe('/p/aave-demo-1');
    // A demo proposal has no page of its own upstream: the vote link is its governance system's UI, as the module declares it.
    const vote = page.locator('.attention-item.level-critical .attention-actions a').first();
    expect(await vote.innerText()).toBe('Vote on Aave governance');
    expect(await vote.getAttribute('href')).toBe('https://app.aave.com/governance/');
    await expectFitsWidth(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `wallet-attention-${width}.png`) });
    await page.context().close();
  });

  it('folds the cards that change nothing into one closed section, and links every card title to its proposal page', async () => {
    const { page } = await browser.open(360);
    await page.goto(`${server.url}/w/${EVM}`);
    const fold = page.locator('details.no-effect');
    expect(await fold.getAttribute('open')).toBeNull();
    // aave-demo-4 and compound-demo-1 (in effect), compound-demo-2 (canceled), lido-demo-1 (closed), morpho-demo-1 (graded none).
    expect(await fold.locator('summary').innerText()).toBe('5 proposals do not change your positions');
    expect(await fold.locator('article.proposal').count()).toBe(5);
    expect(await fold.locator('article.proposal').first().isVisible()).toBe(false);
    expect(await page.locator('section[aria-labelledby="proposals-heading"] > article.proposal .badge').allInnerTexts()).toEqual(['CRITICAL', 'MEDIUM', 'MEDIUM', 'MEDIUM', 'LOW']);
    const hrefs = await page.locator('article.proposal h3 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toHaveLength(10);
    for (const href of hrefs) expect(href).toMatch(/^\/p\/[a-z]+-demo-\d$/);
    await fold.locator('summary').click();
    expect(await fold.locator('article.proposal').first().isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it.each([360, 1280])('gives each chart a scale with its ticks as text under their marks, read with its words by screen readers, at %i px', async (width) => {
    const { page } = await browser.open(width);
    await page.goto(`${server.url}/w/${EVM}`);
    const scales = page.locator('.chart .axis-ticks');
    // Two health-factor figures (Aave, Spark) and the yearly one.
    expect(await scales.count()).toBe(3);
    // What a screen reader reads: the labels with the words around them.
    const read = await scales.allTextContents();
    for (const scale of read.slice(0, 2)) expect(scale).toMatch(/^Scale: health factor from 0 to \d\.\d, ticks at 0\.0, 0\.5, 1\.0, 1\.5(, [\d.]+)*; liquidation below 1\.0\.$/);
    expect(read[2]).toMatch(/^Scale: yearly change, ticks at −\$\d+, \$0, \+\$\d+; zero in the middle\.$/);
    // What the eye reads: the labels alone, each under its tick mark (within 2 px), the liquidation line's in bold red.
    expect(await scales.first().locator('> span:not(.axis-words)').allInnerTexts()).toEqual(['0.0', '0.5', '1.0', '1.5', '2.0']);
    const marks = await page.locator('.chart figure').first().evaluate((figure) => {
      const svg = figure.querySelector('svg.axis')!.getBoundingClientRect();
      const ticks = [...figure.querySelectorAll('svg.axis line')].slice(1).map((line) => svg.left + (Number(line.getAttribute('x1')) + 8) * (svg.width / 316));
      const labels = [...figure.querySelectorAll('.axis-ticks > span:not(.axis-words)')].map((label) => { const box = label.getBoundingClientRect(); return box.left + box.width / 2; });
      return { ticks, labels };
    });
    expect(marks.labels).toHaveLength(marks.ticks.length);
    marks.labels.forEach((center, index) => expect(Math.abs(center - marks.ticks[index]!)).toBeLessThan(2));
    expect(await page.locator('.chart figure').first().locator('.tick-strong').innerText()).toBe('1.0');
    await expectFitsWidth(page);
    // The figures name the account by its market's name, never by its identifier.
    const captions = await page.locator('.chart figcaption').allInnerTexts();
    expect(captions.slice(0, 2).map((caption) => caption.split(':')[0])).toEqual(['Health factor of your Aave v3 Ethereum Core account', 'Health factor of your SparkLend Ethereum account']);
    await page.context().close();
  });
});
