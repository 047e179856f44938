import type { TestWatchResponse } from '../contract/watch.js';
import { postWebhook } from './postWebhook.js';
import { newWebhookId } from './signature.js';
import type { Watch } from './watch.js';
import type { Webhooks } from './webhookPorts.js';

/** Sends one signed `ping` to a watch's receiver and says how it answered. Not retried. */
export async function pingWatch(watch: Watch, now: Date, webhooks: Pick<Webhooks, 'policy' | 'timeoutMs'>): Promise<TestWatchResponse> {
  const webhookId = newWebhookId();
  const body = JSON.stringify({ type: 'ping', timestamp: now.toISOString(), data: { watchId: watch.id, address: watch.wallet.address } });
  const result = await postWebhook({ url: watch.url, secret: watch.secret, message: { webhookId, body }, now, policy: webhooks.policy, ...(webhooks.timeoutMs && { timeoutMs: webhooks.timeoutMs }) });
  return { id: watch.id, webhookId, delivered: result.ok, ...(result.status !== undefined && { status: result.status }), ...(result.error && { error: result.error }) };
}
