/**
 * `npx tsx scripts/readme-screenshot.ts`: the README's picture of the wallet page (docs/wallet-page.png),
 * taken of the evm demo wallet on a local server in Debian's chromium, so it can be made again
 * whenever the page or the demo wallet changes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../local/server.js';
import { demoWallet } from '../shared/demo/wallets.js';
import { configFromEnv } from '../shared/runtime/config.js';
import { embeddedServices } from '../shared/runtime/embeddedServices.js';

const OUT = new URL('../docs/wallet-page.png', import.meta.url);
const directory = await mkdtemp(join(tmpdir(), 'govex-screenshot-'));
// The demo wallet reads no upstream and no feed: a fresh feed path keeps a local build out of it.
const local = await startServer({ port: 0, services: embeddedServices(configFromEnv({ FEED_PATH: join(directory, 'feed.json') })) });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 864, height: 1400 } });
  await page.goto(`${local.url}/w/${demoWallet('evm').address}`);
  await page.screenshot({ path: OUT.pathname });
  console.log(`written: ${OUT.pathname}`);
} finally {
  await browser.close();
  await local.close();
  await rm(directory, { recursive: true, force: true });
}
