import { describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { testServices } from '../support/services.js';
import { getChecked, useServer } from '../support/server.js';

// The resolver stands in for mainnet at the service boundary: ENS on recorded RPC exchanges is
// tested with the position adapters. Here the point is what the API does with its answers.
const registered: Record<string, string> = { 'demo-wallet.eth': demoWallet('evm').address.toLowerCase() };
const lookups: string[] = [];
const server = useServer(() =>
  testServices({
    ens: {
      resolve: async (name) => {
        lookups.push(name);
        if (name === 'broken.eth') throw new Error('connection refused');
        // A resolver that keeps retrying past the lookup's deadline (moduleDeadlineMs is 500 here).
        if (name === 'slow.eth') return new Promise((resolve) => setTimeout(() => resolve(null), 5_000));
        return registered[name] ?? null;
      },
    },
  }),
);
const RESOLVE = '/api/ens/resolve';

describe('GET /api/ens/resolve', () => {
  it('resolves a name to its checksummed address, normalizing it first', async () => {
    const { body } = await getChecked(server, `${RESOLVE}?name=Demo-Wallet.ETH`, RESOLVE);
    expect(body).toEqual({ name: 'demo-wallet.eth', address: demoWallet('evm').address });
  });

  it('answers address null for a valid name that is not registered', async () => {
    const { response, body } = await getChecked(server, `${RESOLVE}?name=nobody-here.eth`, RESOLVE);
    expect(response.status).toBe(200);
    expect(body).toEqual({ name: 'nobody-here.eth', address: null });
  });

  it('caches resolutions', async () => {
    await getChecked(server, `${RESOLVE}?name=cached-once.eth`, RESOLVE);
    await getChecked(server, `${RESOLVE}?name=cached-once.eth`, RESOLVE);
    expect(lookups.filter((name) => name === 'cached-once.eth')).toHaveLength(1);
  });

  it.each([
    ['', 'invalid_input'],
    ['no-dot', 'invalid_address'],
    ['bad..eth', 'invalid_address'],
    ['%E2%80%8B.eth', 'invalid_address'],
  ])('refuses name=%s with %s', async (name, code) => {
    const { response, body } = await getChecked<{ code: string }>(server, `${RESOLVE}?name=${name}`, RESOLVE);
    expect(response.status).toBe(400);
    expect(body.code).toBe(code);
  });

  it('bounds the whole lookup by the deadline, retries included: 502 well before a slow resolver answers', async () => {
    const started = performance.now();
    const { response, body } = await getChecked<{ code: string }>(server, `${RESOLVE}?name=slow.eth`, RESOLVE);
    expect(response.status).toBe(502);
    expect(body.code).toBe('upstream_unavailable');
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('answers 502 upstream_unavailable when the resolver is down', async () => {
    const { response, body } = await getChecked<{ code: string }>(server, `${RESOLVE}?name=broken.eth`, RESOLVE);
    expect(response.status).toBe(502);
    expect(body.code).toBe('upstream_unavailable');
  });
});

describe('ens names wherever a wallet is taken', () => {
  it('scans the address a name resolves to', async () => {
    const { body } = await getChecked<{ address: string; mode: string; webUrl: string }>(server, '/api/scan/demo-wallet.eth', '/api/scan/{address}');
    expect(body).toMatchObject({ address: demoWallet('evm').address, mode: 'mock' });
    expect(body.webUrl.endsWith(`/w/${demoWallet('evm').address}`)).toBe(true);
  });

  it('answers 400 invalid_address when the name has no address', async () => {
    const { response, body } = await getChecked<{ code: string; error: string }>(server, '/api/positions/nobody-here.eth', '/api/positions/{address}');
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_address' });
    expect(body.error).toContain('has no address');
  });
});
