import type { Services } from '../runtime/services.js';
import { postWebhook } from './postWebhook.js';
import { nextAttemptDelayMs } from './retrySchedule.js';
import { watchLabel } from './watch.js';
import type { DeliveryJob, Webhooks } from './webhookPorts.js';

export type DeliveryOutcome = 'delivered' | 'retrying' | 'given_up' | 'disabled' | 'dropped';

/**
 * One attempt of a queued message: signed anew (its own timestamp), sent, and on failure queued
 * again after the retry schedule's delay or the receiver's Retry-After. A 410 Gone disables the
 * watch (Standard Webhooks: "disable the endpoint"); a watch deleted or disabled meanwhile drops
 * the message.
 */
export async function deliverMessage(job: DeliveryJob, services: Pick<Services, 'now'>, webhooks: Webhooks): Promise<DeliveryOutcome> {
  const watch = await webhooks.store.get(job.watchId);
  if (!watch || watch.disabled) return 'dropped';
  const now = services.now();
  const result = await postWebhook({ url: watch.url, secret: watch.secret, message: job, now, policy: webhooks.policy, ...(webhooks.timeoutMs && { timeoutMs: webhooks.timeoutMs }) });
  const attempts = job.attempts + 1;
  const firstAttemptAt = job.firstAttemptAt ?? now.toISOString();
  const log = (level: string, message: string, more: object = {}) =>
    console.log(JSON.stringify({ level, message, watch: watchLabel(watch), webhookId: job.webhookId, attempts, ...(result.status !== undefined && { status: result.status }), ...(result.error && { error: result.error }), ...more }));
  if (result.ok) return 'delivered';
  if (result.status === 410) {
    await webhooks.store.disable(watch.id, { at: now.toISOString(), reason: 'the receiver answered 410 Gone' });
    log('warn', 'webhook receiver answered 410; watch disabled');
    return 'disabled';
  }
  const delayMs = nextAttemptDelayMs({
    attempts,
    firstAttemptAtMs: Date.parse(firstAttemptAt),
    nowMs: now.getTime(),
    ...(result.retryAfterSeconds !== undefined && { retryAfterSeconds: result.retryAfterSeconds }),
    ...(webhooks.retryDelaysMs && { delaysMs: webhooks.retryDelaysMs }),
  });
  if (delayMs === undefined) {
    log('warn', 'webhook given up after a day of retries');
    return 'given_up';
  }
  await webhooks.queue.send({ ...job, attempts, firstAttemptAt }, delayMs);
  log('info', 'webhook attempt failed; retry queued', { delayMs });
  return 'retrying';
}
