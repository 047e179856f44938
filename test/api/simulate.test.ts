import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { exampleBodies } from '../../build/exampleBodies.js';
import { buildOpenApiDocument } from '../../shared/api/openapi/document.js';
import { WhatIfResponse } from '../../shared/api/simulateSchemas.js';
import { demoWallet } from '../../shared/demo/wallets.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';

/*
 * POST /api/simulate (issue #24 item 5): the what-if command over HTTP, through the local server
 * and the very handler the Lambda runs. Its answer is the command's output for the same input, byte
 * for byte; input the command refuses with exit 2 is the contract's 400, and a body the endpoint
 * cannot read (too large, not JSON, the wrong type) its envelope, never a 500.
 */

// $30,000 of WETH (LT 0.83) against $15,000 of USDC: LT 0.83 → 0.80 takes the health factor 1.66 → 1.60.
const AAVE = {
  protocol: 'aave',
  account: {
    reserves: [
      { asset: 'WETH', suppliedUsd: 30000, collateral: true, liquidationThreshold: 0.83, ltv: 0.805 },
      { asset: 'USDC', borrowedUsd: 15000, liquidationThreshold: 0.78, ltv: 0.75, borrowApy: 0.05 },
    ],
  },
  changes: [{ asset: 'WETH', parameter: 'liquidationThreshold', to: 0.8 }],
};
const LIDO = { protocol: 'lido', account: { stakedEth: 100, ethUsd: 3000, apr: 0.03, protocolFee: 0.1 }, changes: [{ parameter: 'protocolFee', to: 0.08 }] };
const TABLE = {
  protocol: 'aave',
  account: AAVE.account,
  proposal: { title: 'Risk update', description: '| Asset | Liquidation Threshold |\n|---|---|\n| WETH | 83% -> 80% |' },
};

const command = (input: string) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/simulate.ts', '-'], { encoding: 'utf8', input, timeout: 60_000 });

const server = useServer(() => testServices({ quota: 1000 }));
/**
 * POSTs on a connection of its own (no keep-alive pool): a test that runs the command for seconds
 * would otherwise reuse a socket the server's 5 s keep-alive closed meanwhile.
 */
const post = (body: string | Buffer, headers: Record<string, string> = { 'content-type': 'application/json' }, path = '/api/simulate') =>
  new Promise<Response>((resolve, reject) => {
    const sent = httpRequest(new URL(path, server.url), { method: 'POST', headers, agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode!, headers: answer.headers as Record<string, string> })));
      answer.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });

async function expectEnvelope(response: Response, status: number, message: RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = (await response.json()) as { error: string; code: string; hint: string };
  expect(body.code).toBe('invalid_input');
  expect(body.error).toMatch(message);
  expect(body.hint).toBeTruthy();
  return body;
}

describe('POST /api/simulate', () => {
  it.each([
    ['a lending account with a change', AAVE],
    ['a staking account', LIDO],
    ['a proposal text read as the feed reads its tables', TABLE],
  ])('answers %s with the command\'s output for the same input, byte for byte', async (_, input) => {
    const text = JSON.stringify(input);
    const printed = command(text);
    expect(printed.status).toBe(0);
    const response = await post(text);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await response.text();
    expect(body).toBe(printed.stdout);
    expect(WhatIfResponse.safeParse(JSON.parse(body)).success).toBe(true);
  }, 120_000);

  it('gives the hand-worked health factor, counts the request and is never cached', async () => {
    const response = await post(JSON.stringify(AAVE));
    expect(((await response.json()) as { healthFactor: unknown }).healthFactor).toEqual({ before: 1.66, after: 1.6 });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
    expect(response.headers.get('etag')).toBeNull();
  });

  it('refuses a field the command refuses, naming it, with 400 invalid_input', async () => {
    const tooHigh = { ...LIDO, changes: [{ parameter: 'protocolFee', to: 10 }] };
    const printed = command(JSON.stringify(tooHigh));
    expect(printed.status).toBe(2);
    await expectEnvelope(await post(JSON.stringify(tooHigh)), 400, /changes\[0\]\.to: 10 must be from 0 to 1/);
    await expectEnvelope(await post(JSON.stringify({ ...AAVE, account: { reserves: [{ asset: 'WETH', suppliedUsd: 'lots' }] } })), 400, /account\.reserves\[0\]\.suppliedUsd/);
    await expectEnvelope(await post(JSON.stringify({ ...LIDO, changes: undefined })), 400, /either "changes" or "proposal"/);
  }, 120_000);

  it('refuses an unknown protocol with 400 invalid_input naming the field', async () => {
    await expectEnvelope(await post(JSON.stringify({ ...AAVE, protocol: 'nosuchprotocol' })), 400, /protocol/);
    await expectEnvelope(await post(JSON.stringify({ account: {} })), 400, /protocol/);
  });

  it.each([
    ['malformed JSON', '{"protocol": "aave",', /not JSON/],
    ['an empty body', '', /empty/],
    ['bytes that are not UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), /not UTF-8/],
    ['JSON that is not an object', '[1, 2]', /invalid input/],
    ['null', 'null', /invalid input/],
  ])('refuses %s with 400 invalid_input', async (_, body, message) => {
    await expectEnvelope(await post(body), 400, message);
  });

  it.each([
    ['no Content-Type', {}],
    ['text/plain', { 'content-type': 'text/plain' }],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['JSON in Latin-1', { 'content-type': 'application/json; charset=iso-8859-1' }],
  ])('refuses %s with 415, code invalid_input', async (_, headers) => {
    await expectEnvelope(await post(JSON.stringify(LIDO), headers as Record<string, string>), 415, /Content-Type/);
  });

  it('takes application/json in any case with a UTF-8 charset', async () => {
    expect((await post(JSON.stringify(LIDO), { 'content-type': 'Application/JSON; Charset="UTF-8"' })).status).toBe(200);
  });

  it('refuses a body over 16 kB with 413, code invalid_input, and takes one of exactly 16 kB', async () => {
    const padded = (size: number) => {
      const base = JSON.stringify({ ...LIDO, proposal: undefined });
      return `${base.slice(0, -1)}${' '.repeat(size - base.length)}}`;
    };
    expect(Buffer.byteLength(padded(16 * 1024))).toBe(16 * 1024);
    expect((await post(padded(16 * 1024))).status).toBe(200);
    await expectEnvelope(await post(padded(16 * 1024 + 1)), 413, /over 16384 bytes/);
    await expectEnvelope(await post(padded(2 * 1024 * 1024)), 413, /over 16384 bytes/);
  });

  it('answers a body still streaming past 16 kB with 413 at once, over the local server', async () => {
    const url = new URL('/api/simulate', server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const streaming = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (response) => {
        response.resume();
        resolve(response.statusCode!);
        streaming.destroy();
      });
      streaming.on('error', reject);
      streaming.write('{"protocol":"lido",');
      streaming.write(' '.repeat(20 * 1024));
      // The body never ends: the answer must not wait for it.
    });
    expect(status).toBe(413);
  });

  it('refuses GET with 405 and Allow: POST, and a query parameter with 400', async () => {
    const get = await server.get('/api/simulate');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    await expectEnvelope(await post(JSON.stringify(LIDO), { 'content-type': 'application/json' }, '/api/simulate?protocol=lido'), 400, /protocol/);
  });

  it('answers a preflight allowing POST and the Content-Type header', async () => {
    const response = await server.get('/api/simulate', { method: 'OPTIONS', headers: { origin: 'https://analyst.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
  });

  it('is linked for analysts from the wallet page, with the guide that says how to call it', async () => {
    const page = await (await server.get(`/w/${demoWallet('evm').address}`)).text();
    expect(page).toContain('<code>POST /api/simulate</code>');
    expect(page).toContain(`<a href="${server.url}/llms.txt">how to call it</a>`);
    const guide = await (await server.get('/llms.txt')).text();
    expect(guide).toContain(`- [POST /api/simulate](${server.url}/api/simulate)`);
  });

  it('is in the OpenAPI document as a POST taking JSON, with its errors', async () => {
    const document = buildOpenApiDocument(await exampleBodies()) as { paths: Record<string, { post?: { requestBody?: { content: Record<string, unknown> }; responses: Record<string, unknown> } }> };
    const operation = document.paths['/api/simulate']!.post!;
    expect(Object.keys(operation.requestBody!.content)).toEqual(['application/json']);
    for (const status of ['200', '400', '413', '415', '429', '500']) expect(operation.responses[status], status).toBeDefined();
  }, 120_000);
});
