import type { Services } from '../runtime/services.js';
import { checkWatches } from './checkWatches.js';
import { deliverMessage } from './deliverMessage.js';
import type { WebhookJob, Webhooks } from './webhookPorts.js';

/** Runs one queued job: the in-process queue's worker and the delivery Lambda's (functions/deliverWebhooks.ts). */
export async function processWebhookJob(job: WebhookJob, services: Services, webhooks: Webhooks): Promise<void> {
  if (job.kind === 'deliver') {
    await deliverMessage(job, services, webhooks);
    return;
  }
  const counts = await checkWatches(job, services, webhooks);
  console.log(JSON.stringify({ level: 'info', message: 'watches checked after a feed build', builtAt: job.builtAt, changed: job.protocols, ...counts }));
}
