import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { useServer } from '../support/server.js';
import { feedProposal, storedFeed } from '../support/feed.js';
import { testServices } from '../support/services.js';

/*
 * The MCP endpoint (issue #24 item 4) driven by the official client over real HTTP through the
 * local server and the handler the Lambda runs, in both protocol eras: the 2025 initialize
 * handshake and the 2026-07-28 per-request envelope. Each tool's structuredContent must be the
 * body the HTTP endpoint answers for the same question.
 */

const server = useServer(() => testServices({ quota: 1000 }));
const evm = demoWallet('evm').address;
const solana = demoWallet('solana').address;
const ERAS = [
  { era: '2025 (initialize)', versionNegotiation: { mode: 'legacy' as const } },
  { era: '2026-07-28 (per-request envelope)', versionNegotiation: { mode: { pin: '2026-07-28' } } },
];

async function connect(versionNegotiation: (typeof ERAS)[number]['versionNegotiation']): Promise<Client> {
  const client = new Client({ name: 'govex-test', version: '1.0.0' }, { versionNegotiation });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  return client;
}

// A built feed, so the global feed's answer is the stored one's (before a build it carries the time of each request).
beforeAll(async () => {
  await server.services.feedStore.write(
    storedFeed([
      feedProposal({ id: 'aave-gov3-1', protocol: 'aave', status: 'active', timeline: { created: '2026-11-15T00:00:00Z', end: '2026-11-30T00:00:00Z' } }),
      feedProposal({ id: 'aave-steward-0xaa', protocol: 'aave', status: 'executed', mechanism: 'steward', noticeSeconds: 0, timeline: { effectiveAt: '2026-11-20T00:00:00Z' } }),
    ]),
  );
});

const apiBody = async (path: string, init?: RequestInit) => (await server.get(path, init)).json();

describe.each(ERAS)('MCP over Streamable HTTP, era $era', ({ versionNegotiation }) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(versionNegotiation);
  });

  it('lists the six tools, read-only and idempotent, each with an output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['get_positions', 'get_proposal', 'list_proposals', 'resolve_ens', 'scan_wallet', 'what_if']);
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, destructiveHint: false });
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.description).toMatch(/retry/);
    }
    const scan = tools.find((tool) => tool.name === 'scan_wallet')!;
    expect(scan.inputSchema.required).toEqual(['address']);
    // The API's query names, with the API's values.
    expect(Object.keys(scan.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['address', 'protocol', 'minImpact', 'status', 'mechanism', 'view']));
    expect(scan.annotations?.openWorldHint).toBe(true);
    expect(tools.find((tool) => tool.name === 'what_if')!.annotations?.openWorldHint).toBe(false);
  });

  it('scan_wallet answers the body GET /api/scan/{address} answers', async () => {
    const result = await client.callTool({ name: 'scan_wallet', arguments: { address: evm, minImpact: 'low' } });
    expect(result.isError).toBeFalsy();
    const api = await apiBody(`/api/scan/${evm}?minImpact=low`);
    expect(result.structuredContent).toEqual(api);
    expect((result.structuredContent as { webUrl: string }).webUrl).toBe(`${server.url}/w/${evm}`);
    expect(JSON.parse((result.content as { type: string; text: string }[])[0]!.text)).toEqual(api);
  });

  it('list_proposals, get_proposal and get_positions answer what their endpoints answer', async () => {
    const listed = await client.callTool({ name: 'list_proposals', arguments: { address: evm, view: 'compact', limit: 2 } });
    expect(listed.structuredContent).toEqual(await apiBody(`/api/proposals?address=${evm}&view=compact&limit=2`));
    const id = (listed.structuredContent as { proposals: { id: string }[] }).proposals[0]!.id;
    const one = await client.callTool({ name: 'get_proposal', arguments: { id, address: evm } });
    expect(one.structuredContent).toEqual(await apiBody(`/api/proposals/${id}?address=${evm}`));
    const positions = await client.callTool({ name: 'get_positions', arguments: { address: solana } });
    expect(positions.structuredContent).toEqual(await apiBody(`/api/positions/${solana}`));
    const feed = await client.callTool({ name: 'list_proposals', arguments: { mechanism: ['steward'] } });
    expect(feed.structuredContent).toEqual(await apiBody('/api/proposals?mechanism=steward'));
    expect((feed.structuredContent as { proposals: { id: string }[] }).proposals.map((proposal) => proposal.id)).toEqual(['aave-steward-0xaa']);
  });

  it('what_if answers what POST /api/simulate answers', async () => {
    const input = { protocol: 'lido', account: { stakedEth: 100, ethUsd: 3000, apr: 0.03, protocolFee: 0.1 }, changes: [{ parameter: 'protocolFee', to: 0.08 }] };
    const result = await client.callTool({ name: 'what_if', arguments: input });
    const api = await apiBody('/api/simulate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
    expect(result.structuredContent).toEqual(api);
  });

  it('a refused question is a tool error carrying the API’s envelope and code, never a crash', async () => {
    const bad = await client.callTool({ name: 'scan_wallet', arguments: { address: '0x1234' } });
    expect(bad.isError).toBe(true);
    expect(JSON.parse((bad.content as { text: string }[])[0]!.text)).toMatchObject({ code: 'invalid_address', hint: expect.any(String) });
    const unknown = await client.callTool({ name: 'get_proposal', arguments: { id: 'aave-gov3-999999' } });
    expect(JSON.parse((unknown.content as { text: string }[])[0]!.text)).toMatchObject({ code: 'not_found' });
    const whatIf = await client.callTool({ name: 'what_if', arguments: { protocol: 'lido', account: {}, changes: [] } });
    expect(JSON.parse((whatIf.content as { text: string }[])[0]!.text)).toMatchObject({ code: 'invalid_input' });
  });
});

describe('the MCP endpoint over plain HTTP', () => {
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } } };
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body });

  it('answers an initialize with its name and version, as JSON', async () => {
    const response = await post(JSON.stringify(initialize));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('"name":"govex"');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('refuses a foreign Host or Origin (DNS rebinding) with the envelope, and takes loopback ones', async () => {
    for (const headers of [{ origin: 'http://evil.example.com' }]) {
      const response = await post(JSON.stringify(initialize), headers);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await post(JSON.stringify(initialize), { origin: 'http://localhost:5173' })).status).toBe(200);
  });

  it('a body that is not JSON, too large or of another type gets the envelope, never a 500', async () => {
    expect((await post('{not json')).status).toBe(400);
    expect((await post(JSON.stringify({ pad: 'x'.repeat(40_000) }))).status).toBe(413);
    const typed = await post(JSON.stringify(initialize), { 'content-type': 'text/plain' });
    expect(typed.status).toBe(415);
    expect(await typed.json()).toMatchObject({ code: 'invalid_input' });
    const get = await fetch(`${server.url}/mcp`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toContain('POST');
  });
});

describe('the MCP endpoint under the one quota', () => {
  const limited = useServer(() => testServices({ quota: 3 }));
  it('counts each call against the same budget as the API and answers 429 with the envelope', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 4; call++) {
      const response = await fetch(`${limited.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: call, method: 'ping' }) });
      statuses.push(response.status);
      if (response.status === 429) expect(await response.json()).toMatchObject({ code: 'rate_limited' });
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await limited.get(`/api/scan/${evm}`)).status).toBe(429);
  });
});
