import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { BROWSER_READY, expectFitsWidth, SCREENSHOTS, seriousViolations, useBrowser } from './chromium.js';

/*
 * Issue #23 item 3 on the wallet page: "Changed recently" (executed in the last 30 days, touching the
 * wallet, with its figure and a source link) and "The worst without a vote" (the scan's envelopes,
 * each with its mechanism in words and a link to the bound's source), for the evm demo wallet.
 */
const server = useServer(() => testServices());
const browser = useBrowser();
const evm = demoWallet('evm').address;

describe.skipIf(!BROWSER_READY)('the wallet page’s no-vote sections in Chromium', () => {
  it('shows what changed recently and the worst without a vote, with sources, no script, and axe finds nothing serious', async () => {
    const { page, errors } = await browser.open(1280);
    const response = await page.goto(`${server.url}/w/${evm}`);
    expect(response!.status()).toBe(200);

    const recent = page.locator('section.changed-recently');
    expect(await recent.locator('h2').innerText()).toMatch(/^Changed recently/);
    // aave-demo-4 took effect 28 days before the demo's now: USDT's reserve factor 10 % → 15 %, a vote.
    const item = recent.locator('li.recent-change', { hasText: 'Raise USDT reserve factor' });
    expect(await item.innerText()).toMatch(/Reserve factor of USDT: 10\s%\s→\s15\s%/);
    expect(await item.innerText()).toContain('a governance vote decides it');
    expect(await item.locator('a[href^="/p/"]').count()).toBe(1);

    const worst = page.locator('section.worst-without-vote');
    expect(await worst.locator('h2').innerText()).toMatch(/^The worst without a vote/);
    const core = worst.locator('article.envelope', { hasText: 'Aave v3 Ethereum Core' });
    expect(await core.locator('.figure').innerText()).toBe('Health factor 1.42 now → 1.39 at worst');
    expect(await core.innerText()).toContain('a risk steward or rate module applied it within bounds fixed on chain');
    expect(await core.locator('a[href^="https://github.com/aave-dao/aave-v3-risk-stewards/blob/"]').count()).toBeGreaterThan(0);
    const savings = worst.locator('article.envelope', { hasText: 'Sky Savings Rate' });
    expect(await savings.locator('.figure').innerText()).toBe('About $488 a year now → $217 at worst');
    expect(await savings.locator('.badge').innerText()).toMatch(/medium/i);
    expect(await savings.locator('a[href^="https://github.com/sky-ecosystem/spells-mainnet/blob/"]').count()).toBe(1);
    // A guardian's power is words, never a figure of its own.
    expect(await core.innerText()).toContain('freeze a reserve at once');

    expect(await page.locator('script').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await worst.screenshot({ path: join(SCREENSHOTS, 'wallet-evm-worst-without-vote-1280.png') });
    await page.setViewportSize({ width: 360, height: 800 });
    await expectFitsWidth(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
    // The first scan of a cold server under a shared machine's load takes most of a minute here.
  }, 150_000);
});
