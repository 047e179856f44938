import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { Services } from '../runtime/services.js';
import { processWebhookJob } from './processWebhookJob.js';
import type { WebhookJob, Webhooks } from './webhookPorts.js';

/** A job is run when it is due within this much: SQS's delay is whole seconds. */
const EARLY_MS = 1_000;

/**
 * A batch of the delivery queue (SQS → functions/deliverWebhooks.ts). A job not yet due (a retry
 * hours away: SQS delays at most 15 minutes) is sent on with the rest of its wait. A job that
 * throws is reported as failed, so SQS gives it again, and after five receipts moves it to the
 * dead-letter queue, whose alarm tells the operator; the batch's other jobs are not repeated.
 */
export async function deliveryBatch(event: SQSEvent, services: Services, webhooks: Webhooks): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const { job, notBefore } = JSON.parse(record.body) as { job: WebhookJob; notBefore: string };
      if (!job || (job.kind !== 'deliver' && job.kind !== 'feedBuilt')) throw new Error('not a webhook job');
      const waitMs = Date.parse(notBefore) - services.now().getTime();
      if (waitMs > EARLY_MS) await webhooks.queue.send(job, waitMs);
      else await processWebhookJob(job, services, webhooks);
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', message: 'webhook job failed; SQS will give it again', messageId: record.messageId, cause: String(error).slice(0, 300) }));
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
