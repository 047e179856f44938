import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { useServer } from '../support/server.js';
import { BROWSER_READY, useBrowser } from './chromium.js';

/*
 * A script on another origin calling the API from Chromium, as a browser client would: the preflight
 * and the exposed headers are the browser's to enforce, so this is where CORS is really tested.
 */
const api = useServer();
const browser = useBrowser();
let other: Server;
let otherOrigin = '';

beforeAll(async () => {
  // Another origin (another port): a blank page for the script to run in.
  other = createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>client</title>'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((resolve) => other?.close(() => resolve())));

/** What a script on the other origin can read of a fetch of `path` with `headers` (a rejected fetch is what CORS refusal looks like). */
async function fetchFromOtherOrigin(path: string, headers: Record<string, string>) {
  const { page } = await browser.open();
  await page.goto(otherOrigin);
  const names = ['x-api-version', 'RateLimit', 'RateLimit-Policy', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'ETag', 'Content-Type'];
  // An expression, not a function: the tests compile without the DOM's types.
  return (await page.evaluate(`(async () => {
    try {
      const response = await fetch(${JSON.stringify(`${api.url}${path}`)}, { headers: ${JSON.stringify(headers)} });
      const read = {};
      for (const name of ${JSON.stringify(names)}) read[name] = response.headers.get(name);
      return { status: response.status, headers: read, body: await response.json() };
    } catch (error) {
      return { refused: String(error) };
    }
  })()`)) as { status?: number; headers?: Record<string, string | null>; body?: Record<string, unknown>; refused?: string };
}

describe.skipIf(!BROWSER_READY)('the API called by a script on another origin, in Chromium', () => {
  it('passes the preflight for api-version, If-None-Match and Content-Type, and reads the version and rate-limit headers', async () => {
    const path = '/api/proposals?limit=1';
    const seen = await fetchFromOtherOrigin(path, { 'api-version': '0.1', 'If-None-Match': '"not-this-one"', 'Content-Type': 'application/json' });
    expect(seen.refused).toBeUndefined();
    expect(seen.status).toBe(200);
    expect(seen.headers).toMatchObject({ 'x-api-version': '0.1.0', 'X-RateLimit-Limit': expect.any(String), 'X-RateLimit-Remaining': expect.any(String) });
    expect(seen.headers!.RateLimit).toMatch(/^"default";r=\d+;t=\d+$/);
    expect(seen.headers!['RateLimit-Policy']).toMatch(/^"default";q=\d+;w=\d+$/);
    // ETag reaches the script (exposed to it): the API sends one on every feed answer. Its value is
    // not compared with another request's: with no feed built yet, each answer's refreshedAt is its own.
    expect((await api.get(path)).headers.get('etag')).toMatch(/^W\/"[0-9a-f]{32}"$/);
    expect(seen.headers!.ETag).toMatch(/^W\/"[0-9a-f]{32}"$/);
  });

  it('reads the error of an unknown parameter (a 400 the browser lets the script see)', async () => {
    const seen = await fetchFromOtherOrigin(`/api/proposals?address=${demoWallet('evm').address}&minimpact=high`, { 'Content-Type': 'application/json' });
    expect(seen.status).toBe(400);
    expect(seen.body).toMatchObject({ code: 'invalid_input', error: expect.stringContaining('did you mean minImpact?') });
  });
});
