import fc from 'fast-check';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEMO_WALLETS } from '../../shared/demo/wallets.js';
import { useServer } from '../support/server.js';

const server = useServer();
const ENDPOINTS = ['/api/scan/', '/api/positions/', '/api/proposals/', '/api/proposals', '/api/ens/resolve', '/api/', '/api/health', '/api'];
const ANSWERED = new Set([200, 204, 400, 404, 405, 429, 502]);

/** Sends bytes as they are, so that what fetch would refuse or re-encode still reaches the server. */
function raw(requestLine: string, headers: string[] = []): Promise<{ status: number; head: string; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head, body });
    });
    socket.write(Buffer.from(`${requestLine}\r\nHost: localhost\r\nConnection: close\r\n${headers.map((header) => `${header}\r\n`).join('')}\r\n`, 'latin1'));
  });
}

const expectEnvelopeOrAnswer = (status: number, head: string, body: string) => {
  expect(ANSWERED.has(status), `status ${status}: ${body.slice(0, 200)}`).toBe(true);
  expect(head.toLowerCase()).toContain('content-type: application/json');
  const parsed = JSON.parse(body);
  expect(typeof parsed).toBe('object');
  if (status >= 400) expect(Object.keys(parsed).sort()).toEqual(['code', 'error', 'hint']);
};

describe('bad input of any kind', () => {
  it('gets an answer with the JSON envelope, never a 500 or HTML', async () => {
    const segment = fc.oneof(
      fc.webSegment(),
      fc.constantFrom(...DEMO_WALLETS.map((wallet) => wallet.address), 'vitalik.eth', '%', '%zz', '%E0%A4%A', '%00', '..', '%2F', '💩'),
      fc.string({ maxLength: 40 }).map(encodeURIComponent),
    );
    const query = fc.array(
      fc.tuple(fc.constantFrom('view', 'limit', 'protocol', 'status', 'minImpact', 'since', 'address', 'name', 'x'), fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('compact', 'aave,lido', '2026-11-01', '50', 'critical'))),
      { maxLength: 4 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), segment, query, fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS', 'BREW'), fc.option(fc.string({ maxLength: 12 }).filter((value) => /^[\x20-\x7e]*$/.test(value))), async (base, tail, params, method, version) => {
        const path = `${base}${base.endsWith('/') ? tail : ''}${params.length ? `?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}` : ''}`;
        const { status, head, body } = await raw(`${method} ${path} HTTP/1.1`, version === null ? [] : [`api-version: ${version}`]);
        if (method === 'HEAD' || status === 204) {
          expect(ANSWERED.has(status)).toBe(true);
          return;
        }
        expectEnvelopeOrAnswer(status, head, body);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['a path with an invalid escape', 'GET /api/scan/%E0%A4%A HTTP/1.1'],
    ['a path with a NUL escape', 'GET /api/scan/%00 HTTP/1.1'],
    ['latin-1 bytes in the path', 'GET /api/scan/\xff\xfe HTTP/1.1'],
    ['a very long address', `GET /api/scan/${'a'.repeat(6000)} HTTP/1.1`],
    ['a very long query', `GET /api/proposals?limit=${'9'.repeat(6000)} HTTP/1.1`],
    ['an absolute-form target', 'GET http://evil.example/api/health HTTP/1.1'],
  ])('answers %s with the envelope', async (_name, line) => {
    const { status, head, body } = await raw(line);
    expectEnvelopeOrAnswer(status, head, body);
    expect(status).not.toBe(500);
  });

  it('answers a request Node cannot parse with a 400 envelope', async () => {
    const { status, head, body } = await raw('GET /api/health HTTP/1.1\r\nBad Header Line');
    expect(status).toBe(400);
    expectEnvelopeOrAnswer(status, head, body);
  });
});
