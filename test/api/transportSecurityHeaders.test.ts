import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { useServer } from '../support/server.js';

// Issue #19: no HSTS anywhere, and no nosniff on JSON. Every answer of the local server carries both now,
// as the Lambda answers do (the middleware stack) and CloudFront adds them in AWS (infra/cdn.ts).
const server = useServer();
const HSTS = /^max-age=63072000; includeSubDomains$/;

describe('HSTS and nosniff on every answer', () => {
  it.each([
    ['the health probe', '/api/health', 200],
    ['a scan', `/api/scan/${demoWallet('evm').address}`, 200],
    ['a 400 envelope', '/api/scan/0x12', 400],
    ['the 404 envelope of an unknown path', '/api/nope', 404],
    ['llms.txt', '/llms.txt', 200],
    ['the wallet page', `/w/${demoWallet('evm').address}`, 200],
    ['the stylesheet', '/assets/govex.css', 200],
  ])('on %s', async (_what, path, status) => {
    const response = await server.get(path);
    await response.arrayBuffer();
    expect(response.status).toBe(status);
    expect(response.headers.get('strict-transport-security')).toMatch(HSTS);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('on the envelope the server answers before any handler (an HTTP/1.1 request without Host)', async () => {
    const { port } = new URL(server.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toMatch(/\r\nstrict-transport-security: max-age=63072000; includeSubDomains\r\n/i);
    expect(raw).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
  });
});
