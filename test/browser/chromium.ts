import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

/** Debian's chromium, installed by scripts/ensure-chromium.sh (never a downloaded browser build). */
export const CHROMIUM = '/usr/bin/chromium';
/** Where the browser tests leave their screenshots for people to look at (git-ignored). */
export const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'test-output', 'screenshots');

/**
 * Whether the browser tests can run: chromium is there, or this process may install it (root with
 * apt-get, as CI is). Anywhere else the tests skip with a loud message; under CI they never skip.
 */
function chromiumReady(): boolean {
  if (existsSync(CHROMIUM)) return true;
  try {
    execFileSync('bash', [join(import.meta.dirname, '..', '..', 'scripts', 'ensure-chromium.sh')], { stdio: 'inherit', timeout: 300_000 });
  } catch {
    // Reported below.
  }
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI) throw new Error(`${CHROMIUM} is missing under CI: scripts/ensure-chromium.sh must install it`);
  console.warn(`\n!!! BROWSER TESTS SKIPPED: ${CHROMIUM} is missing and could not be installed (run scripts/ensure-chromium.sh as root) !!!\n`);
  return false;
}

export const BROWSER_READY = chromiumReady();

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface BrowserHandle {
  /** A fresh page of the given width that records console errors and page errors. */
  open(width?: number): Promise<{ page: Page; errors: string[] }>;
}

/** One headless Chromium for the file's tests; closed after them. */
export function useBrowser(): BrowserHandle {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!BROWSER_READY) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async open(width = 1280) {
      // JavaScript stays on so the tests can watch for anything running; the pages need none.
      const context = await browser!.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      return { page, errors };
    },
  };
}

/** axe-core run in the page (evaluated over CDP, so the page's CSP need not allow it): the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  // An expression, not a function: the tests compile without the DOM's types.
  const violations = (await page.evaluate(
    "axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((node) => node.target.join(' ')) })))",
  )) as { id: string; impact: string; targets: string[] }[];
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id} (${violation.impact}): ${violation.targets.join(', ')}`);
}

/** No horizontal scrolling: the page fits its viewport (usable at 360 px). */
export async function expectFitsWidth(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = (await page.evaluate('({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth })')) as { scrollWidth: number; clientWidth: number };
  expect(scrollWidth, 'page wider than its viewport').toBeLessThanOrEqual(clientWidth);
}
