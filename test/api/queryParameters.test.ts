import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../shared/api/operations.js';
import { exampleBodies } from '../../build/exampleBodies.js';
import { buildOpenApiDocument } from '../../shared/api/openapi/document.js';
import { type DocumentedOperation, QUERY_PARAMETERS } from '../../shared/api/queryParameters.js';
import { demoWallet } from '../../shared/demo/wallets.js';
import { feedProposal, storedFeed } from '../support/feed.js';
import { getChecked, useServer } from '../support/server.js';

const server = useServer();
const evm = demoWallet('evm').address;

/** A request path per documented GET endpoint, on the demo wallet where it takes one (the POST and DELETE ones have tests of their own). */
type GetOperation = { [K in DocumentedOperation]: (typeof OPERATIONS)[K]['method'] extends 'GET' ? K : never }[DocumentedOperation];
const PATHS: Record<GetOperation, string> = {
  scan: `/api/scan/${evm}`,
  proposals: '/api/proposals',
  proposal: '/api/proposals/aave-demo-2',
  positions: `/api/positions/${evm}`,
  ens: '/api/ens/resolve',
  health: '/api/health',
  index: '/api',
  openapi: '/api/openapi.json',
  llms: '/llms.txt',
  page: `/w/${evm}`,
  walletFeed: `/w/${evm}/feed.atom`,
  walletCalendar: `/w/${evm}/calendar.ics`,
  proposalPage: '/p/aave-demo-2',
};
/** The pages for people: HTML, and they ignore names they do not know. */
const PAGES: readonly DocumentedOperation[] = ['page', 'proposalPage', 'walletFeed', 'walletCalendar'];
/** A valid value of each parameter, as a caller would send it. */
const VALID: Record<string, string> = { view: 'compact', protocol: 'aave', minImpact: 'none', status: 'active,passed', mechanism: 'vote,steward', since: '2026-01-01', includeSpam: 'false', limit: '5', address: evm, name: 'vitalik.eth' };
const API = (Object.keys(PATHS) as GetOperation[]).filter((name) => !PAGES.includes(name));
const json = async (response: Response) => (await response.json()) as { error: string; code: string };

describe('unknown query parameters (issue 19: they are refused, no longer ignored)', () => {
  it.each(API)('%s: an unknown parameter is 400 invalid_input naming it', async (name) => {
    const response = await server.get(`${PATHS[name]}?frobnicate=1`);
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = await json(response);
    expect(body.code).toBe('invalid_input');
    expect(body.error).toContain('unknown query parameter "frobnicate"');
    expect(body.error).toContain(`${OPERATIONS[name].path} takes`);
  });

  it('minimpact=high on the feed is refused, pointing at minImpact, rather than answering the whole feed', async () => {
    const { response, body } = await getChecked<{ error: string; code: string }>(server, `/api/proposals?address=${evm}&minimpact=high`, '/api/proposals');
    expect(response.status).toBe(400);
    expect(body.code).toBe('invalid_input');
    expect(body.error).toContain('unknown query parameter "minimpact": did you mean minImpact?');
  });

  it('a parameter another endpoint takes is refused where it means nothing (limit on a scan)', async () => {
    const body = await json(await server.get(`${PATHS.scan}?limit=5`));
    expect(body.error).toContain('unknown query parameter "limit"');
  });

  it.each(API)('%s: every parameter it documents is taken', async (name) => {
    const query = new URLSearchParams(QUERY_PARAMETERS[name].filter((parameter) => parameter !== 'cursor').map((parameter): [string, string] => [parameter, VALID[parameter]!]));
    const response = await server.get(`${PATHS[name]}${query.size ? `?${query}` : ''}`);
    const text = await response.text();
    expect(text, `${name}: ${text.slice(0, 200)}`).not.toContain('unknown query parameter');
    // The ens endpoint reaches no resolver here (502); every other one answers.
    expect(response.status, text.slice(0, 200)).toBe(name === 'ens' ? 502 : 200);
  });

  it('a preflight with an unknown parameter still answers 204: the browser must get to read the real error', async () => {
    const response = await server.get('/api/proposals?frobnicate=1', { method: 'OPTIONS', headers: { origin: 'https://wallet.example', 'access-control-request-method': 'GET' } });
    expect(response.status).toBe(204);
  });
});

describe('the page for people', () => {
  it('answers a misspelt filter with a page saying which filter was meant', async () => {
    const response = await server.get(`${PATHS.page}?minimpact=high`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('did you mean minImpact?');
  });

  it('ignores a tracking parameter a shared link gained', async () => {
    const response = await server.get(`${PATHS.page}?utm_source=newsletter&fbclid=abc`);
    expect(response.status).toBe(200);
  });

  it('ignores a tracking parameter on a proposal page too', async () => {
    const response = await server.get(`${PATHS.proposalPage}?utm_source=newsletter`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('GET /api', () => {
  it('lists each endpoint’s query parameters, as the stack lets them through', async () => {
    const { body } = await getChecked<{ endpoints: { path: string; parameters: string[] }[] }>(server, '/api', '/api');
    for (const name of Object.keys(PATHS) as GetOperation[]) {
      expect(body.endpoints.find((endpoint) => endpoint.path === OPERATIONS[name].path)?.parameters, name).toEqual(QUERY_PARAMETERS[name]);
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists, for every endpoint, exactly the query parameters the stack lets through', async () => {
    const document = buildOpenApiDocument(await exampleBodies());
    for (const name of Object.keys(PATHS) as GetOperation[]) {
      const parameters = (document.paths?.[OPERATIONS[name].path]?.get?.parameters ?? []) as { in: string; name: string }[];
      expect(parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name).sort(), name).toEqual([...QUERY_PARAMETERS[name]].sort());
      const rule = (document.paths?.[OPERATIONS[name].path]?.get as Record<string, unknown>)['x-unknown-query-parameters'];
      expect(rule, name).toMatch(PAGES.includes(name) ? /^ignored, except a misspelling/ : /^refused: 400 invalid_input/);
    }
  });

  it('documents cursor on the feed and nextCursor in its answer', async () => {
    const document = buildOpenApiDocument(await exampleBodies());
    const cursor = (document.paths?.['/api/proposals']?.get?.parameters as { name: string; description?: string }[]).find((parameter) => parameter.name === 'cursor');
    expect(cursor?.description).toContain('nextCursor');
    expect(JSON.stringify(document.components?.schemas?.ProposalsResponse)).toContain('"nextCursor"');
  });
});

describe('cursor paging over HTTP', () => {
  it('walks a wallet’s proposals page by page, each once, in the order of one unpaged answer, every page per the contract', async () => {
    type Feed = { count: number; total: number; proposals: { id: string }[]; nextCursor?: string };
    const whole = (await getChecked<Feed>(server, `/api/proposals?address=${evm}&view=compact`, '/api/proposals')).body;
    expect(whole.total).toBeGreaterThan(2);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { body } = await getChecked<Feed>(server, `/api/proposals?address=${evm}&view=compact&limit=1${cursor ? `&cursor=${cursor}` : ''}`, '/api/proposals');
      expect(body.total).toBe(whole.total);
      seen.push(...body.proposals.map((proposal) => proposal.id));
      cursor = body.nextCursor;
    } while (cursor && seen.length <= whole.total);
    expect(seen).toEqual(whole.proposals.map((proposal) => proposal.id));
  });

  it('walks the stored global feed page by page over HTTP: each page its own answer, not the first page kept', async () => {
    type Feed = { total: number; proposals: { id: string }[]; nextCursor?: string };
    await server.services.feedStore.write(storedFeed(['aave', 'compound', 'lido', 'jito', 'cosmoshub'].map((protocol, index) => feedProposal({ id: `${protocol}-gov-${index}`, protocol: protocol as never, status: 'active', timeline: { end: `2026-12-0${index + 1}T00:00:00Z` } }))));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { body } = await getChecked<Feed>(server, `/api/proposals?limit=2${cursor ? `&cursor=${cursor}` : ''}`, '/api/proposals');
      seen.push(...body.proposals.map((proposal) => proposal.id));
      cursor = body.nextCursor;
    } while (cursor && seen.length <= 5);
    expect(seen).toEqual(['aave-gov-0', 'compound-gov-1', 'lido-gov-2', 'jito-gov-3', 'cosmoshub-gov-4']);
  });

  it('refuses a global feed’s cursor on a wallet’s proposals, and a made-up one', async () => {
    const walletCursor = (await (await server.get(`/api/proposals?address=${evm}&limit=1`)).json()) as { nextCursor: string };
    const onGlobal = await json(await server.get(`/api/proposals?cursor=${walletCursor.nextCursor}`));
    expect(onGlobal).toMatchObject({ code: 'invalid_input' });
    expect(onGlobal.error).toContain('it pages a wallet’s proposals, not the global feed');
    const madeUp = await server.get(`/api/proposals?address=${evm}&cursor=bm90LWEtY3Vyc29y`);
    expect(madeUp.status).toBe(400);
  });
});

describe('CORS for a script in a browser', () => {
  it('lets a preflight send api-version, If-None-Match and Content-Type', async () => {
    const response = await server.get('/api/proposals', {
      method: 'OPTIONS',
      headers: { origin: 'https://wallet.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match,content-type,api-version' },
    });
    expect(response.status).toBe(204);
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['api-version', 'if-none-match', 'content-type']));
  });

  it('exposes ETag, the rate-limit fields, Retry-After, the version and Allow', async () => {
    const response = await server.get('/api/proposals', { headers: { origin: 'https://wallet.example' } });
    const exposed = response.headers.get('access-control-expose-headers')!.split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['ETag', 'RateLimit', 'RateLimit-Policy', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'Retry-After', 'x-api-version', 'Allow']));
  });
});
