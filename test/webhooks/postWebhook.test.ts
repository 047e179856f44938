import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '../../shared/webhooks/postWebhook.js';
import { newWatchSecret } from '../../shared/webhooks/signature.js';
import { type LoopbackReceiver, startReceiver } from './receiver.js';

let receiver: LoopbackReceiver;
beforeAll(async () => (receiver = await startReceiver()));
afterAll(async () => receiver.close());

const message = { webhookId: 'msg_t', body: '{"type":"ping"}' };
const attempt = (url: string, policy: Parameters<typeof postWebhook>[0]['policy'], timeoutMs?: number) =>
  postWebhook({ url, secret: newWatchSecret(), message, now: new Date(), policy, ...(timeoutMs && { timeoutMs }) });

describe('one signed attempt', () => {
  it('connects to the address it checked, whatever a later lookup would say (no DNS rebinding), and sends the host name as Host', async () => {
    const port = new URL(receiver.url).port;
    receiver.answer({ status: 204 });
    // The name exists only in this resolver: a second lookup by the socket would fail, so the 204 proves the pinned address was used.
    const result = await attempt(`http://receiver.govex.test:${port}/hooks`, { allowLoopback: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    expect(result).toMatchObject({ ok: true, status: 204 });
    expect(receiver.received.at(-1)!.headers.host).toBe(`receiver.govex.test:${port}`);
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const result = await attempt(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/`, { allowLoopback: true }, 300);
      expect(result).toEqual({ ok: false, error: 'no answer within 0.3 s' });
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('never sends to a refused address, and says why', async () => {
    const result = await attempt('https://169.254.169.254/latest/meta-data', { allowLoopback: false });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/not a public address/);
    expect(result.status).toBeUndefined();
  });
});
