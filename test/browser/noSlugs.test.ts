import { describe, expect, it } from 'vitest';
import { EXAMPLE_WALLETS } from '../../shared/api/exampleWallets.js';
import type { Position } from '../../shared/contract/position.js';
import { DEMO_WALLETS } from '../../shared/demo/wallets.js';
import { MODULE_ENTRIES } from '../../shared/modules/loaders.js';
import { MODULE_INFOS, PROTOCOL_SLUGS } from '../../shared/modules/registry.js';
import { kindsOf } from '../../shared/simulate/registered.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { BROWSER_READY, useBrowser } from './chromium.js';
import { useRecordedFeed } from './recordedFeed.js';

/*
 * Issue #21 item 2: no identifier reaches a person. Every demo wallet's page and every example
 * wallet's page (on the recorded upstreams, as `UPSTREAM=recorded npm start` serves them) is read
 * at 1280 and 360 px as a person sees it (innerText, so what CSS hides is not counted), and must
 * show no registry slug (a module's, a market's, a parameter kind's) and no number parted from its
 * unit by a plain space. Text that strangers wrote (proposal titles, link labels) and addresses
 * are left out: they are quoted, not ours to word.
 */

const NOW = new Date('2026-11-22T12:00:00Z');
const server = useServer(() => testServices({ now: () => NOW, config: { moduleDeadlineMs: 3_000 } }));
const browser = useBrowser();
const recordedFeed = useRecordedFeed(server, NOW);

/**
 * Quoted text, not our words: proposal titles and asset symbols (every <bdi> but the impact's
 * summary and figures, which are ours), links' labels, addresses, the search form.
 */
const QUOTED = ['bdi:not(.impact bdi):not(.figures bdi)', '.sources', 'code', 'form', '.more a', 'a[href^="http"]'];

/** The page's visible text with the quoted parts hidden (the page is not used again after). */
const VISIBLE_TEXT = `(() => { for (const node of document.querySelectorAll(${JSON.stringify(QUOTED.join(','))})) node.style.display = 'none'; return document.body.innerText; })()`;

/** The module slugs, every market named in the demo data and the scans, and every parameter kind whose name is not a plain word of its own label. */
async function identifiers(positions: readonly Position[]): Promise<string[]> {
  const markets = new Set<string>();
  for (const entry of MODULE_ENTRIES) {
    const { demo } = await entry.load();
    for (const wallet of DEMO_WALLETS) if (entry.addressKinds.includes(wallet.kind)) for (const { position, inputs } of demo.positions(wallet)) for (const market of [inputs.market, position.market]) if (market) markets.add(market);
    for (const proposal of demo.proposals(NOW)) for (const change of proposal.changes) if (change.market) markets.add(change.market);
  }
  for (const position of positions) if (position.market) markets.add(position.market);
  const kinds = [...kindsOf(MODULE_INFOS).values()].filter((kind) => !kind.label.toLowerCase().split(/[^a-z]+/).includes(kind.name.toLowerCase())).map((kind) => kind.name);
  return [...PROTOCOL_SLUGS, ...markets, ...kinds];
}

/**
 * Every governance system's key (`aave/gov3`) and its system part where that is not a plain word of
 * the name its module gives it (`gov3`, `ethvaults`; not `ledger` of "XRP Ledger …").
 */
async function systemKeys(): Promise<string[]> {
  const keys: string[] = [];
  for (const entry of MODULE_ENTRIES) {
    for (const system of Object.keys((await entry.load()).source)) {
      keys.push(`${entry.slug}/${system}`);
      const words = (entry.governance?.[system]?.name ?? '').toLowerCase().split(/[^a-z0-9]+/);
      if (!words.includes(system.toLowerCase())) keys.push(system);
    }
  }
  return keys;
}

/** An identifier as a whole token, case as written: `aave` but not `Aave`, `ltv` but not `LTV`, `comet-usdc` but not inside a URL. */
const asToken = (identifier: string) => new RegExp(`(?<![\\w./-])${identifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/-])`);

/** A number and a unit parted by a plain space (U+0020), where a line could break: "83 %", "3 days", "500 DAI". */
const partedUnit = (assets: readonly string[]) => new RegExp(`\\d (%|days?|hours?|minutes?|seconds|${assets.map((asset) => asset.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w])`);

const WALLETS = [...DEMO_WALLETS.map((wallet) => ['demo', wallet.kind, wallet.address] as const), ...EXAMPLE_WALLETS.map((wallet) => ['example', wallet.kind, wallet.address] as const)];

describe.skipIf(!BROWSER_READY)('words, not identifiers, on every wallet page', () => {
  it.each(WALLETS)('the %s %s wallet shows no slug and no parted unit at 1280 and 360 px', async (_, _kind, address) => {
    const scan = (await (await fetch(`${server.url}/api/scan/${address}`)).json()) as { positions: Position[] };
    const tokens = (await identifiers(scan.positions)).map((identifier) => [identifier, asToken(identifier)] as const);
    const parted = partedUnit([...new Set(scan.positions.map((position) => position.asset)), 'XRP', 'ATOM', 'SOL', 'ETH', 'USD']);
    const { page, errors } = await browser.open(1280);
    expect((await page.goto(`${server.url}/w/${address}`))!.status()).toBe(200);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      const text = (await page.evaluate(VISIBLE_TEXT)) as string;
      expect(text.length, 'the page has text').toBeGreaterThan(200);
      const found = tokens.filter(([, token]) => token.test(text)).map(([identifier]) => `${identifier}: …${text.slice(Math.max(0, text.search(asToken(identifier)) - 40), text.search(asToken(identifier)) + 40)}…`);
      expect(found, `identifiers at ${width} px`).toEqual([]);
      const split = parted.exec(text);
      expect(split && text.slice(Math.max(0, split.index - 60), split.index + 20), `a number parted from its unit at ${width} px`).toBeNull();
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the index and every /p page (demo and recorded) show no slug and no governance system key at 1280 and 360 px', async () => {
    const tokens = [...(await identifiers([])), ...(await systemKeys())].map((identifier) => [identifier, asToken(identifier)] as const);
    const recorded = recordedFeed.built().feed;
    const demo: string[] = [];
    for (const entry of MODULE_ENTRIES) for (const proposal of (await entry.load()).demo.proposals(NOW)) demo.push(proposal.id);
    const paths = ['/', ...demo.map((id) => `/p/${id}`), ...recorded.proposals.map(({ id }) => `/p/${id}`)];
    expect(recorded.proposals.length, 'the recorded feed has proposals').toBeGreaterThan(10);
    const { page, errors } = await browser.open(1280);
    for (const path of paths) {
      expect((await page.goto(`${server.url}${path}`))!.status(), path).toBe(200);
      for (const width of path === '/' ? [1280, 360] : [1280]) {
        await page.setViewportSize({ width, height: 800 });
        const text = (await page.evaluate(VISIBLE_TEXT)) as string;
        const found = tokens.filter(([, token]) => token.test(text)).map(([identifier]) => `${identifier}: …${text.slice(Math.max(0, text.search(asToken(identifier)) - 40), text.search(asToken(identifier)) + 40)}…`);
        expect(found, `identifiers on ${path} at ${width} px`).toEqual([]);
      }
    }
    // The recorded feed has failed sources (no Snapshot recording): the index names them by their modules' words.
    await page.goto(`${server.url}/`);
    expect(await page.locator('.banner-partial li').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/^Aave’s Snapshot spaces: /), expect.stringMatching(/^Morpho vaults on Base: /)]));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('would catch a slug and a parted unit: the checks fail on text that has them', () => {
    expect(asToken('aave').test('your aave position')).toBe(true);
    expect(asToken('aave').test('your Aave position')).toBe(false);
    expect(asToken('aave-v3-ethereum').test('the aave-v3-ethereum market')).toBe(true);
    expect(asToken('supplyApr').test('supplyApr of USDC')).toBe(true);
    expect(partedUnit(['DAI']).test('83 %')).toBe(true);
    expect(partedUnit(['DAI']).test('83\u00a0%')).toBe(false);
    expect(partedUnit(['DAI']).test('500 DAI')).toBe(true);
    expect(partedUnit(['DAI']).test('in 3 days')).toBe(true);
  });
});
