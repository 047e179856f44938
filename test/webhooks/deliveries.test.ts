import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImpactLevel } from '../../shared/contract/enums.js';
import type { WebhookPayload } from '../../shared/contract/watch.js';
import { demoWallet } from '../../shared/demo/wallets.js';
import { filterProposals } from '../../shared/proposals/filters.js';
import { scanWallet } from '../../shared/scan/scanWallet.js';
import { afterFeedBuild } from '../../shared/webhooks/afterFeedBuild.js';
import { embeddedWebhooks, useWebhooks } from '../../shared/webhooks/webhooks.js';
import { feedProposal } from '../support/feed.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { buildWith, moduleAnswering } from '../feed/sourceReturning.js';
import { echoChallenge, type LoopbackReceiver, type Received, startReceiver } from './receiver.js';

/*
 * The "done when" for webhooks: a loopback receiver (a real HTTP server on 127.0.0.1,
 * allowed by WEBHOOK_ALLOW_LOOPBACK's policy) gets signed deliveries for the evm demo wallet after a
 * feed build, verified with the reference library; retries keep their webhook-id, a Retry-After is
 * honoured and a 410 ends the watch. The feed is built by the real builder (test/feed/sourceReturning.ts)
 * and handed to the webhooks as the local server's schedule does (local/feedSchedule.ts).
 */

/** Short retries, so the schedule's shape is tested in seconds (its real delays: retrySchedule.test.ts). */
const RETRY_MS = 400;
let webhooks: ReturnType<typeof embeddedWebhooks>;
const server = useServer(() => {
  const services = testServices();
  webhooks = embeddedWebhooks(services, { allowLoopback: true, retryDelaysMs: [RETRY_MS, RETRY_MS, RETRY_MS], timeoutMs: 2_000, maxWatchesPerWallet: 10 });
  useWebhooks(services, webhooks);
  return services;
});
afterAll(() => webhooks.queue.stop());

const evm = demoWallet('evm').address;
/** A proposal of the feed: the builder's input, synthetic. */
let aaveTitle = 'Synthetic feed proposal (webhook tests)';
const feedModules = () => [moduleAnswering('aave', () => [feedProposal({ id: 'aave-gov3-9001', protocol: 'aave', status: 'active', title: aaveTitle })])];

/** One feed build, handed to the webhooks, and the jobs it queued run. */
async function buildAndDeliver(): Promise<string[]> {
  const result = await buildWith(server.services, feedModules());
  await afterFeedBuild(server.services, result);
  await settle();
  return result.changedProtocols;
}
/** Waits until the in-process queue has run what is due now. */
const settle = async () => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  await webhooks.queue.idle();
};

async function watch(receiver: LoopbackReceiver, minImpact: ImpactLevel) {
  const response = await server.get('/api/watches', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: evm, url: receiver.url, minImpact }) });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; secret: string };
}

const verified = (secret: string, request: Received) => new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as WebhookPayload;
const events = (received: Received[]) => received.filter((request) => JSON.parse(request.body).type !== 'webhook.verify');

const receivers: LoopbackReceiver[] = [];
const newReceiver = async () => {
  const receiver = await startReceiver();
  receivers.push(receiver);
  return receiver;
};
afterAll(async () => Promise.all(receivers.map((receiver) => receiver.close())));
beforeAll(async () => {
  // The feed exists before any watch: the first check of a watch is the next build's.
  await buildAndDeliver();
});

describe('webhook deliveries after a feed build (loopback receiver, demo wallet)', () => {
  it('sends a signed proposal.matched for each proposal touching the wallet at or above minImpact, verified with standardwebhooks', async () => {
    const receiver = await newReceiver();
    const { id, secret } = await watch(receiver, 'medium');
    expect(events(receiver.received)).toHaveLength(0);
    await buildAndDeliver();
    // What the one scan says touches the wallet at medium or above: the deliveries must name exactly these.
    const scan = await scanWallet(demoWallet('evm'), undefined, server.services);
    const expected = filterProposals(scan.matched, { minImpact: 'medium' }).map(({ proposal }) => proposal.id).sort();
    expect(expected.length).toBeGreaterThan(1);
    const delivered = events(await receiver.waitFor(1 + expected.length));
    const payloads = delivered.map((request) => verified(secret, request));
    expect(payloads.map((payload) => payload.type)).toEqual(expected.map(() => 'proposal.matched'));
    expect(payloads.map((payload) => ('proposal' in payload.data ? payload.data.proposal.id : '')).sort()).toEqual(expected);
    for (const payload of payloads) expect(payload.data).toMatchObject({ watchId: id, address: evm });
    for (const request of delivered) expect(Buffer.byteLength(request.body)).toBeLessThan(20 * 1024);
    // Every message has its own id.
    expect(new Set(delivered.map((request) => request.headers['webhook-id'])).size).toBe(delivered.length);
  });

  it('sends nothing again when a build changes nothing for the wallet', async () => {
    const receiver = await newReceiver();
    await watch(receiver, 'medium');
    await buildAndDeliver();
    const after = events(receiver.received).length;
    expect(after).toBeGreaterThan(0);
    expect(await buildAndDeliver()).toEqual([]);
    expect(events(receiver.received)).toHaveLength(after);
  });

  it('retries a 500 with the same webhook-id and body, each attempt signed anew, until a 200', async () => {
    const receiver = await newReceiver();
    const seen = new Set<string>();
    receiver.answer((request) => {
      if (JSON.parse(request.body).type === 'webhook.verify') return echoChallenge(request);
      const id = String(request.headers['webhook-id']);
      if (seen.has(id)) return { status: 200 };
      seen.add(id);
      return { status: 500 };
    });
    const { secret } = await watch(receiver, 'critical');
    await buildAndDeliver();
    const [first, second] = events(await receiver.waitFor(3));
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(verified(secret, first!)).toEqual(verified(secret, second!));
    expect(second!.atMs - first!.atMs).toBeGreaterThanOrEqual(RETRY_MS * 0.8 - 50);
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 3));
    expect(events(receiver.received)).toHaveLength(2);
  });

  it("honours a Retry-After in place of the schedule's delay", async () => {
    const receiver = await newReceiver();
    let throttled = false;
    receiver.answer((request) => {
      if (JSON.parse(request.body).type === 'webhook.verify') return echoChallenge(request);
      if (throttled) return { status: 204 };
      throttled = true;
      return { status: 503, headers: { 'retry-after': '2' } };
    });
    await watch(receiver, 'critical');
    await buildAndDeliver();
    const [first, second] = events(await receiver.waitFor(3, 8_000));
    // The schedule says 400 ms; the receiver asked for 2 s.
    expect(second!.atMs - first!.atMs).toBeGreaterThanOrEqual(1_900);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
  });

  it('disables the watch on a 410 and sends it nothing more, retries and later builds included', async () => {
    const receiver = await newReceiver();
    receiver.answer((request) => (JSON.parse(request.body).type === 'webhook.verify' ? echoChallenge(request) : { status: 410 }));
    const { id } = await watch(receiver, 'critical');
    await buildAndDeliver();
    await receiver.waitFor(2);
    expect((await webhooks.store.get(id))?.disabled).toMatchObject({ reason: 'the receiver answered 410 Gone' });
    aaveTitle = 'Synthetic feed proposal (webhook tests), retitled';
    expect(await buildAndDeliver()).toEqual(['aave']);
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 2));
    expect(events(receiver.received)).toHaveLength(1);
  });

  it('sends level_changed and status_changed when a build changes a protocol the wallet holds, from its kept positions', async () => {
    const receiver = await newReceiver();
    const { id, secret } = await watch(receiver, 'critical');
    await buildAndDeliver();
    await receiver.waitFor(2);
    const kept = (await webhooks.store.get(id))!.state!;
    expect(kept.protocols).toContain('aave');
    // As if the last check had seen the critical proposal at another level and status.
    const [proposalId, seen] = Object.entries(kept.seen)[0]!;
    await webhooks.store.saveState(id, { ...kept, seen: { [proposalId]: { level: 'high', status: 'active' } } });
    aaveTitle = `${aaveTitle}, again`;
    expect(await buildAndDeliver()).toEqual(['aave']);
    const changes = events(await receiver.waitFor(4)).slice(1).map((request) => verified(secret, request));
    expect(changes.map((payload) => [payload.type, 'previous' in payload.data ? payload.data.previous : undefined])).toEqual([
      ['proposal.level_changed', { level: 'high' }],
      ['proposal.status_changed', { status: 'active' }],
    ]);
    expect(changes.every((payload) => 'proposal' in payload.data && payload.data.proposal.level === seen.level && payload.data.proposal.status === seen.status)).toBe(true);
    // Re-matched from the kept positions: they were not read again.
    expect((await webhooks.store.get(id))!.state!.positionsReadAt).toBe(kept.positionsReadAt);
  });
});
