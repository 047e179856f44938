import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { embeddedWebhooks, useWebhooks } from '../../shared/webhooks/webhooks.js';
import { expectContract } from '../support/contract.js';
import { testServices } from '../support/services.js';
import { useServer } from '../support/server.js';
import { type LoopbackReceiver, startReceiver } from './receiver.js';

let webhooks: ReturnType<typeof embeddedWebhooks>;
const server = useServer(() => {
  const services = testServices();
  webhooks = embeddedWebhooks(services, { allowLoopback: true, maxWatchesPerWallet: 2, timeoutMs: 2_000 });
  useWebhooks(services, webhooks);
  return services;
});
let receiver: LoopbackReceiver;
beforeAll(async () => (receiver = await startReceiver()));
afterAll(async () => {
  webhooks.queue.stop();
  await receiver.close();
});

const evm = demoWallet('evm').address;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  server.get(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const envelope = async (response: Response) => (await response.json()) as { error: string; code: string; hint: string };

let wallets = 0;
/** A wallet of its own per watch (the cap is per wallet): well-formed evm addresses nobody holds. */
const freshWallet = () => `0x${(0xde3000 + ++wallets).toString(16).padStart(40, '0')}`;

async function createdWatch(address = freshWallet()) {
  receiver.answer((request) => (JSON.parse(request.body).data?.challenge ? { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ challenge: JSON.parse(request.body).data.challenge }) } : { status: 204 }));
  const response = await post('/api/watches', { address, url: receiver.url, minImpact: 'low' });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; secret: string };
}

describe('POST /api/watches', () => {
  it('answers 201 {id, secret} once the receiver echoed a signed webhook.verify challenge', async () => {
    const before = receiver.received.length;
    const response = await post('/api/watches', { address: evm, url: receiver.url, minImpact: 'high', events: ['proposal.matched'] });
    const body = (await response.json()) as { id: string; secret: string; address: string };
    expect(response.status).toBe(201);
    await expectContract('/api/watches', response, body, 'post');
    expect(body).toMatchObject({ address: evm, minImpact: 'high', events: ['proposal.matched'] });
    expect(body.secret).toMatch(/^whsec_/);
    expect(response.headers.get('location')).toBe(`/api/watches/${body.id}`);
    // The handshake was signed with the secret the caller got back: the reference library verifies it.
    const verify = receiver.received[before]!;
    const payload = new Webhook(body.secret).verify(verify.body, verify.headers as Record<string, string>) as { type: string; data: { challenge: string; watchId: string } };
    expect(payload.type).toBe('webhook.verify');
    expect(payload.data.watchId).toBe(body.id);
    expect(await webhooks.store.get(body.id)).toMatchObject({ id: body.id, url: receiver.url });
  });

  it.each([
    ['answers 200 without the challenge', { status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' }, /does not echo the challenge/],
    ['answers 500', { status: 500 }, /answered 500/],
    ['answers a redirect (never followed)', { status: 302, headers: { location: 'http://169.254.169.254/' } }, /answered 302/],
    ['answers text', { status: 200, body: 'challenge accepted' }, /not JSON/],
  ])('refuses a receiver that %s: 422 invalid_input, and no watch', async (_, answer, message) => {
    receiver.answer(answer);
    const watches = (await webhooks.store.list()).length;
    const response = await post('/api/watches', { address: demoWallet('solana').address, url: receiver.url });
    const body = await envelope(response);
    expect(response.status).toBe(422);
    await expectContract('/api/watches', response, body, 'post');
    expect(body.code).toBe('invalid_input');
    expect(body.error).toMatch(message);
    expect((await webhooks.store.list()).length).toBe(watches);
  });

  it('refuses a receiver that is not listening: 422', async () => {
    const response = await post('/api/watches', { address: evm, url: 'http://127.0.0.1:9/hooks' });
    expect(response.status).toBe(422);
    expect((await envelope(response)).error).toMatch(/could not deliver/);
  });

  it.each([
    ['a private receiver', { address: evm, url: 'https://10.0.0.1/hooks' }, 400, 'invalid_input', /not a public address/],
    ['plain http to a public host', { address: evm, url: 'http://93.184.215.14/hooks' }, 400, 'invalid_input', /https/],
    ['a bad address', { address: '0x12', url: 'https://93.184.215.14/' }, 400, 'invalid_address', /0x12/],
    ['an unknown event type', { address: evm, url: 'https://93.184.215.14/', events: ['proposal.deleted'] }, 400, 'invalid_input', /events/],
    ['an unknown field', { address: evm, url: 'https://93.184.215.14/', secret: 'mine' }, 400, 'invalid_input', /secret/],
    ['no url', { address: evm }, 400, 'invalid_input', /url/],
    ['an array', [], 400, 'invalid_input', /body/],
    ['text that is not JSON', '{"address":', 400, 'invalid_input', /not JSON/],
    ['a body over 4 kB', { address: evm, url: `https://93.184.215.14/${'x'.repeat(5000)}` }, 413, 'invalid_input', /4 kB/],
  ])('answers %s with the error envelope, never a 500', async (_, body, status, code, message) => {
    const response = await post('/api/watches', body);
    const answer = await envelope(response);
    expect(response.status).toBe(status);
    expect(answer.code).toBe(code);
    expect(answer.error).toMatch(message);
    expect(answer.hint).toBeTruthy();
  });

  it('answers a body not sent as JSON 415, and GET 405 naming POST', async () => {
    const text = await server.get('/api/watches', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(text.status).toBe(415);
    const get = await server.get('/api/watches');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('lets a browser send Authorization cross-origin (preflight)', async () => {
    const response = await server.get('/api/watches/wh_AAAAAAAAAAAAAAAAAAAAAAAA', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization' } });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe('DELETE, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });

  it('counts against the one rate-limit budget', async () => {
    const response = await post('/api/watches', { address: evm });
    expect(response.headers.get('ratelimit-policy')).toBeTruthy();
  });

  it('caps the watches of one wallet: one more is 422 naming the cap', async () => {
    const cosmos = demoWallet('cosmos').address;
    await createdWatch(cosmos);
    await createdWatch(cosmos);
    receiver.answer((request) => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ challenge: JSON.parse(request.body).data.challenge }) }));
    const response = await post('/api/watches', { address: cosmos, url: receiver.url });
    expect(response.status).toBe(422);
    expect((await envelope(response)).error).toMatch(/2 watches, the most it may have/);
  });
});

describe('DELETE /api/watches/{id} and POST /api/watches/{id}/test', () => {
  it('sends a signed ping with the watch\'s secret, and says how the receiver answered', async () => {
    const { id, secret } = await createdWatch();
    receiver.answer({ status: 204 });
    const before = receiver.received.length;
    const response = await server.get(`/api/watches/${id}/test`, { method: 'POST', headers: { authorization: `Bearer ${secret}` } });
    const body = (await response.json()) as { delivered: boolean; status: number; webhookId: string };
    expect(response.status).toBe(200);
    await expectContract('/api/watches/{id}/test', response, body, 'post');
    expect(body).toMatchObject({ id, delivered: true, status: 204 });
    const ping = receiver.received[before]!;
    expect(ping.headers['webhook-id']).toBe(body.webhookId);
    expect(new Webhook(secret).verify(ping.body, ping.headers as Record<string, string>)).toMatchObject({ type: 'ping', data: { watchId: id } });
  });

  it('refuses a missing bearer with 400, and a wrong secret or an unknown id with the same 404', async () => {
    const { id } = await createdWatch();
    const missing = await server.get(`/api/watches/${id}`, { method: 'DELETE' });
    expect(missing.status).toBe(400);
    expect((await envelope(missing)).code).toBe('invalid_input');
    const wrong = await server.get(`/api/watches/${id}`, { method: 'DELETE', headers: { authorization: 'Bearer whsec_bm90IHRoZSBzZWNyZXQ=' } });
    const unknown = await server.get('/api/watches/wh_AAAAAAAAAAAAAAAAAAAAAAAA', { method: 'DELETE', headers: { authorization: 'Bearer whsec_bm90IHRoZSBzZWNyZXQ=' } });
    const [wrongBody, unknownBody] = [await envelope(wrong), await envelope(unknown)];
    expect([wrong.status, unknown.status]).toEqual([404, 404]);
    await expectContract('/api/watches/{id}', wrong, wrongBody, 'delete');
    expect(wrongBody.code).toBe('not_found');
    expect(wrongBody.error.replace(id, '<id>')).toBe(unknownBody.error.replace('wh_AAAAAAAAAAAAAAAAAAAAAAAA', '<id>'));
    const malformed = await server.get('/api/watches/not-an-id', { method: 'DELETE', headers: { authorization: 'Bearer whsec_bm90IHRoZSBzZWNyZXQ=' } });
    expect(malformed.status).toBe(400);
    expect(await webhooks.store.get(id)).toBeDefined();
  });

  it('deletes with the right secret; the watch is gone and a second delete is 404', async () => {
    const { id, secret } = await createdWatch();
    const response = await server.get(`/api/watches/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${secret}` } });
    const body = await response.json();
    expect(response.status).toBe(200);
    await expectContract('/api/watches/{id}', response, body, 'delete');
    expect(body).toEqual({ id, deleted: true });
    expect(await webhooks.store.get(id)).toBeUndefined();
    expect((await server.get(`/api/watches/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${secret}` } })).status).toBe(404);
  });
});
