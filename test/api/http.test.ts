import { parseItem } from 'structured-headers';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../shared/api/middleware/stack.js';
import { OPERATIONS } from '../../shared/api/operations.js';
import { services } from '../../shared/runtime/servicesFromEnv.js';
import { demoWallet } from '../../shared/demo/wallets.js';
import { getChecked, useServer } from '../support/server.js';
import { testServices } from '../support/services.js';

const evm = demoWallet('evm').address;
const EXPOSED = ['RateLimit', 'RateLimit-Policy', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'Retry-After', 'x-api-version', 'Deprecation', 'Sunset'];

// Stand-ins for two entries, to exercise the stack itself: a deprecated operation and a crash.
const deprecated = createHandler(
  { ...OPERATIONS.health, deprecation: { since: '2027-01-01T00:00:00Z', sunset: '2027-06-30T00:00:00Z', link: 'https://govex.example/changelog' } },
  async () => ({ body: { status: 'ok', service: 'govex' } }),
).withServices(services);
const crashing = createHandler(OPERATIONS.ens, async () => {
  throw new TypeError('secret internals at /opt/code/file.ts:12');
}).withServices(services);

const server = useServer(() => testServices(), { health: deprecated, ens: crashing });

describe('CORS', () => {
  it('opens every answer to any origin without credentials, exposing the rate-limit and version headers', async () => {
    for (const path of ['/api', `/api/scan/${evm}`, '/api/nope', '/api/positions/0x12']) {
      const response = await server.get(path, { headers: { origin: 'https://wallet.example' } });
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(response.headers.get('access-control-allow-credentials'), path).toBeNull();
      const exposed = response.headers.get('access-control-expose-headers')!.split(/,\s*/);
      for (const header of EXPOSED) expect(exposed, path).toContain(header);
    }
  });

  it('answers a preflight with 204, allowing the api-version header, without counting it', async () => {
    const response = await server.get(`/api/scan/${evm}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://wallet.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'api-version' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('api-version');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
    expect(response.headers.get('x-api-version')).toBe('0.1.0');
    expect(response.headers.get('ratelimit')).toBeNull();
  });
});

describe('versioning', () => {
  it.each(['0.1', '0.1.0', ' 0.1 '])('serves api-version %j', async (pinned) => {
    const response = await server.get('/api/proposals', { headers: { 'api-version': pinned } });
    expect(response.status).toBe(200);
  });

  it.each(['0.2', '1', '0.1.1', 'latest', '', '0.1;DROP'])('answers 400 unsupported_version for api-version %j', async (pinned) => {
    const { response, body } = await getChecked<{ code: string }>(server, '/api/proposals', '/api/proposals', { headers: { 'api-version': pinned } });
    expect(response.status).toBe(400);
    expect(body.code).toBe('unsupported_version');
    expect(response.headers.get('x-api-version')).toBe('0.1.0');
    expect(response.headers.get('ratelimit')).not.toBeNull();
  });

  it('sends Deprecation (@unix-seconds), Sunset (HTTP-date) and the deprecation Link on a deprecated operation', async () => {
    const response = await server.get('/api/health');
    expect(response.headers.get('deprecation')).toBe(`@${Date.parse('2027-01-01T00:00:00Z') / 1000}`);
    expect(parseItem(response.headers.get('deprecation')!)[0]).toBeInstanceOf(Date);
    expect(response.headers.get('sunset')).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
    expect(response.headers.get('link')).toBe('<https://govex.example/changelog>; rel="deprecation"; type="text/html"');
  });

  it('sends neither header on an operation that is not deprecated', async () => {
    const response = await server.get('/api');
    expect(response.headers.get('deprecation')).toBeNull();
    expect(response.headers.get('sunset')).toBeNull();
  });
});

describe('methods', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('answers %s with 405, Allow and the envelope', async (method) => {
    const response = await server.get(`/api/scan/${evm}`, { method, body: method === 'DELETE' ? undefined : '{}' });
    const body = await response.json();
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(body).toMatchObject({ code: 'invalid_input' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const response = await server.get('/api', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await response.text()).toBe('');
  });
});

describe('unknown paths', () => {
  it.each(['/api/nope', '/api/', '/api/scan', '/api/scan/a/b', '/nowhere', '/w/'])('answers %s with the 404 envelope, never HTML', async (path) => {
    const response = await server.get(path);
    const body = await response.json();
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(body).toMatchObject({ code: 'not_found', hint: 'check the path or id; GET /api lists every endpoint' });
    expect(response.headers.get('x-api-version')).toBe('0.1.0');
  });
});

describe('server faults', () => {
  it('answers 500 internal_error without leaking the cause', async () => {
    const { response, body } = await getChecked<{ error: string; code: string }>(server, '/api/ens/resolve?name=x.eth', '/api/ens/resolve');
    expect(response.status).toBe(500);
    expect(body).toEqual({ error: 'internal error', code: 'internal_error', hint: 'safe to retry shortly with backoff' });
    expect(JSON.stringify(body)).not.toContain('secret');
  });
});
