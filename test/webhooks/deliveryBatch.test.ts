import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { MAX_SQS_DELAY_SECONDS, SqsWebhookQueue } from '../../shared/stores/aws/sqsWebhookQueue.js';
import { deliveryBatch } from '../../shared/webhooks/deliveryBatch.js';
import { newWatchSecret } from '../../shared/webhooks/signature.js';
import type { Watch } from '../../shared/webhooks/watch.js';
import type { WebhookJob } from '../../shared/webhooks/webhookPorts.js';
import { embeddedWebhooks } from '../../shared/webhooks/webhooks.js';
import { testServices } from '../support/services.js';
import { type LoopbackReceiver, startReceiver } from './receiver.js';

/*
 * The delivery function's batch logic, fed SQS events as Lambda hands them over (SQS has no local
 * server here). Sending to SQS is checked against aws-sdk-client-mock for what only a real queue
 * would show otherwise: the delay SQS is asked for and the body it would carry.
 */

const NOW = new Date('2026-11-25T21:00:00.000Z');
const services = testServices({ now: () => NOW });
let receiver: LoopbackReceiver;
beforeAll(async () => (receiver = await startReceiver()));
afterAll(async () => receiver.close());

/** The queue the batch sends retries and not-yet-due jobs to: records them instead of running them. */
function recordingQueue() {
  const sent: { job: WebhookJob; delayMs: number | undefined }[] = [];
  return { sent, send: async (job: WebhookJob, delayMs?: number) => void sent.push({ job, delayMs }) };
}

const sqsEvent = (...bodies: unknown[]): SQSEvent => ({
  Records: bodies.map((body, index) => ({ messageId: `m-${index}`, body: typeof body === 'string' ? body : JSON.stringify(body) }) as SQSEvent['Records'][number]),
});

async function setUp() {
  const queue = recordingQueue();
  const webhooks = { ...embeddedWebhooks(services, { allowLoopback: true, timeoutMs: 2_000 }), queue };
  const watch: Watch = { id: 'wh_000000000000000000000001', secret: newWatchSecret(), wallet: demoWallet('evm'), url: receiver.url, minImpact: 'medium', events: ['proposal.matched'], createdAt: NOW.toISOString() };
  await webhooks.store.create(watch);
  return { queue, webhooks, watch };
}

const deliver = (webhookId: string, attempts = 0) => ({ kind: 'deliver' as const, watchId: 'wh_000000000000000000000001', webhookId, body: '{"type":"ping","timestamp":"2026-11-25T21:00:00.000Z","data":{}}', attempts });

describe('the delivery function on SQS events', () => {
  it('delivers a due message, signed, and queues nothing more', async () => {
    const { queue, webhooks, watch } = await setUp();
    receiver.answer({ status: 200 });
    const before = receiver.received.length;
    const result = await deliveryBatch(sqsEvent({ job: deliver('msg_1'), notBefore: NOW.toISOString() }), services, webhooks);
    expect(result.batchItemFailures).toEqual([]);
    const got = receiver.received[before]!;
    expect(got.headers['webhook-id']).toBe('msg_1');
    // Signed at the services' clock: the reference verifier is given that moment as its own.
    const headers = { ...(got.headers as Record<string, string>) };
    expect(headers['webhook-timestamp']).toBe(String(NOW.getTime() / 1000));
    expect(() => new Webhook(watch.secret).verify(got.body, { ...headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) })).toThrow();
    expect(queue.sent).toEqual([]);
  });

  it('queues the retry of a failed attempt with its attempt count and first attempt, the same id and body', async () => {
    const { queue, webhooks } = await setUp();
    receiver.answer({ status: 500 });
    await deliveryBatch(sqsEvent({ job: deliver('msg_2'), notBefore: NOW.toISOString() }), services, webhooks);
    expect(queue.sent).toHaveLength(1);
    expect(queue.sent[0]!.job).toEqual({ ...deliver('msg_2'), attempts: 1, firstAttemptAt: NOW.toISOString() });
    expect(queue.sent[0]!.delayMs).toBeGreaterThanOrEqual(4_000);
    expect(queue.sent[0]!.delayMs).toBeLessThanOrEqual(6_000);
  });

  it('sends a job that is not due yet on, with the rest of its wait, without running it', async () => {
    const { queue, webhooks } = await setUp();
    const before = receiver.received.length;
    await deliveryBatch(sqsEvent({ job: deliver('msg_3', 3), notBefore: new Date(NOW.getTime() + 3_600_000).toISOString() }), services, webhooks);
    expect(receiver.received.length).toBe(before);
    expect(queue.sent).toEqual([{ job: deliver('msg_3', 3), delayMs: 3_600_000 }]);
  });

  it('reports a malformed message as failed (SQS gives it again, then the dead-letter queue), and runs the others', async () => {
    const { webhooks } = await setUp();
    receiver.answer({ status: 204 });
    const result = await deliveryBatch(sqsEvent('not json', { job: { kind: 'other' }, notBefore: NOW.toISOString() }, { job: deliver('msg_4'), notBefore: NOW.toISOString() }), services, webhooks);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm-0' }, { itemIdentifier: 'm-1' }]);
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe('msg_4');
  });

  it('checks the watches on a feed-built job and queues one message per event', async () => {
    const { queue, webhooks } = await setUp();
    const result = await deliveryBatch(sqsEvent({ job: { kind: 'feedBuilt', builtAt: NOW.toISOString(), protocols: [] }, notBefore: NOW.toISOString() }), services, webhooks);
    expect(result.batchItemFailures).toEqual([]);
    expect(queue.sent.length).toBeGreaterThan(0);
    expect(queue.sent.every(({ job }) => job.kind === 'deliver' && JSON.parse(job.body).type === 'proposal.matched')).toBe(true);
  });
});

describe('SqsWebhookQueue (aws-sdk-client-mock: no SQS server here)', () => {
  it('asks SQS for the delay, at most its 15 minutes, and carries when the job is due', async () => {
    const client = new SQSClient({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    const sqs = mockClient(client);
    sqs.on(SendMessageCommand).resolves({ MessageId: '1' });
    const queue = new SqsWebhookQueue(client, 'https://sqs.us-east-1.amazonaws.com/1/jobs', () => NOW);
    await queue.send(deliver('msg_5'), 5_000);
    await queue.send(deliver('msg_6'), 7_200_000);
    const inputs = sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input);
    expect(inputs.map((input) => input.DelaySeconds)).toEqual([5, MAX_SQS_DELAY_SECONDS]);
    expect(inputs.map((input) => JSON.parse(input.MessageBody!).notBefore)).toEqual([new Date(NOW.getTime() + 5_000).toISOString(), new Date(NOW.getTime() + 7_200_000).toISOString()]);
    expect(JSON.parse(inputs[0]!.MessageBody!).job).toEqual(deliver('msg_5'));
    expect(inputs[0]!.QueueUrl).toBe('https://sqs.us-east-1.amazonaws.com/1/jobs');
  });
});
