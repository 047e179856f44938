import { describe, expect, it } from 'vitest';
import { DEMO_WALLETS } from '../../shared/demo/wallets.js';
import { PROTOCOL_SLUGS } from '../../shared/modules/registry.js';
import { getChecked, useServer } from '../support/server.js';

const server = useServer();

describe('GET /api/health', () => {
  it('answers ok, uncached', async () => {
    const { response, body } = await getChecked(server, '/api/health', '/api/health');
    expect(body).toEqual({ status: 'ok', service: 'govex' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api', () => {
  type Catalog = { endpoints: { path: string; example: string; method: string }[]; demoWallets: { kind: string; address: string }[]; protocols: { slug: string }[]; openapi: string; changelog: string; servedVersions: string[] };

  it('lists every documented endpoint with an example on this host', async () => {
    const { body } = await getChecked<Catalog>(server, '/api', '/api');
    const { documentPaths } = await import('../support/contract.js');
    expect(body.endpoints.map((endpoint) => endpoint.path).sort()).toEqual((await documentPaths()).sort());
    for (const endpoint of body.endpoints) expect(endpoint.example.startsWith(`${server.url.replace('127.0.0.1', '127.0.0.1')}/`)).toBe(true);
  });

  it('lists one demo wallet per address kind, every protocol slug, and links to the spec and changelog', async () => {
    const { body } = await getChecked<Catalog>(server, '/api', '/api');
    expect(body.demoWallets.map((wallet) => wallet.kind)).toEqual(['evm', 'solana', 'cosmos', 'xrpl']);
    expect(body.demoWallets).toEqual(DEMO_WALLETS);
    expect(body.protocols.map((protocol) => protocol.slug)).toEqual([...PROTOCOL_SLUGS]);
    expect(body.openapi).toBe(`${server.url}/api/openapi.json`);
    expect(body.changelog).toBe(`${server.url}/llms.txt`);
    expect(body.servedVersions).toContain('0.1');
  });

  it('gives examples that answer 200', async () => {
    const { body } = await getChecked<Catalog>(server, '/api', '/api');
    // A POST's example is its address; test/api/simulate.test.ts sends it bodies.
    for (const endpoint of body.endpoints.filter((entry) => !entry.path.includes('ens') && entry.method === 'GET')) {
      const response = await fetch(endpoint.example);
      expect(response.status, endpoint.example).toBe(200);
    }
  });
});

describe('GET /api/openapi.json', () => {
  it('is the raw OpenAPI 3.1 document at version 0.1.0, with every slug in the protocol enum', async () => {
    const response = await server.get('/api/openapi.json');
    const document = (await response.json()) as any;
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('0.1.0');
    expect(document.components.schemas.ProtocolSlug.enum).toEqual([...PROTOCOL_SLUGS]);
    expect(Object.keys(document.paths)).toContain('/api/scan/{address}');
  });

  it('documents an example for every endpoint', async () => {
    const document = (await (await server.get("/api/openapi.json")).json()) as any;
    for (const [path, item] of Object.entries<any>(document.paths)) {
      const [method, operation] = item.post ? ['POST', item.post] : item.delete ? ['DELETE', item.delete] : ['GET', item.get];
      expect(operation.description, path).toContain(`Example: \`${method} `);
      const ok = (operation.responses['200'] ?? operation.responses['201']).content;
      const json = ok['application/json'];
      if (json && path !== '/api/openapi.json') expect(json.example, path).toBeDefined();
    }
  });
});

describe('GET /llms.txt', () => {
  it('is llmstxt.org Markdown: an H1, a summary, link sections and a 0.1.0 changelog', async () => {
    const response = await server.get('/llms.txt');
    const text = await response.text();
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(text.split('\n')[0]).toMatch(/^# /);
    expect(text).toMatch(/\n> .+/);
    expect(text).toContain('## Changelog');
    expect(text).toMatch(/- \[0\.1\.0 \(\d{4}-\d{2}-\d{2}\)\]\(/);
    expect(text).toContain(`](${server.url}/api/openapi.json)`);
    expect(response.headers.get('x-api-version')).toBe('0.1.0');
  });
});

describe('GET /w/{address}', () => {
  it('serves an HTML page naming the wallet and linking its scan', async () => {
    const address = DEMO_WALLETS[0]!.address;
    const response = await server.get(`/w/${address}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain(address);
    expect(html).toContain(`/api/scan/${address}`);
  });

  it('answers 400 with an escaped page for a bad address', async () => {
    const response = await server.get('/w/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });
});
