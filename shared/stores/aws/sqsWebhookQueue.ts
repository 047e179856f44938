import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { WebhookJob, WebhookQueue } from '../../webhooks/webhookPorts.js';
import type { ClientConnection } from './clientConnection.js';

/** SQS delays a message at most 15 minutes; a longer wait is made of several hops (notBefore). */
export const MAX_SQS_DELAY_SECONDS = 900;

/** A job as it travels in SQS: when it may run, so a wait longer than SQS's delay is sent on again until due. */
export interface QueuedJob {
  job: WebhookJob;
  notBefore: string;
}

export function sqsClientFor(connection: ClientConnection): SQSClient {
  return new SQSClient({ ...connection, maxAttempts: 3 });
}

/**
 * The delivery queue in AWS: the feed builder and the delivery function send here; the delivery
 * function (functions/deliverWebhooks.ts) drains it, and a job it fails five times goes to the
 * dead-letter queue (infra/webhooks.ts), whose alarm tells the operator.
 */
export class SqsWebhookQueue implements WebhookQueue {
  constructor(
    private readonly client: SQSClient,
    private readonly queueUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(job: WebhookJob, delayMs = 0): Promise<void> {
    const notBefore = new Date(this.now().getTime() + delayMs).toISOString();
    await this.sendQueued({ job, notBefore }, delayMs);
  }

  /** Sends a queued job on, delayed by what is left of its wait (at most SQS's 15 minutes per hop). */
  async sendQueued(queued: QueuedJob, delayMs: number): Promise<void> {
    const body: QueuedJob = queued;
    await this.client.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify(body),
        DelaySeconds: Math.min(MAX_SQS_DELAY_SECONDS, Math.max(0, Math.ceil(delayMs / 1000))),
      }),
    );
  }
}
