import { randomBytes } from 'node:crypto';
import { ApiError } from '../contract/errors.js';
import { postWebhook } from './postWebhook.js';
import { newWebhookId } from './signature.js';
import type { Webhooks } from './webhookPorts.js';

/**
 * The handshake a receiver passes before a watch exists: a signed `webhook.verify` delivery whose
 * `data.challenge` (random) it must echo as a 2xx JSON body `{"challenge": …}`. Proves that whoever
 * asked for the watch controls the receiver and verifies our signatures, so a watch cannot aim
 * deliveries at somebody else's URL. Sent once, never retried.
 *
 * @throws ApiError 422 (code invalid_input) naming what the receiver did.
 */
export async function verifyReceiver({ url, secret, watchId, now }: { url: string; secret: string; watchId: string; now: Date }, webhooks: Pick<Webhooks, 'policy' | 'timeoutMs'>): Promise<void> {
  const challenge = randomBytes(18).toString('base64url');
  const body = JSON.stringify({ type: 'webhook.verify', timestamp: now.toISOString(), data: { watchId, challenge } });
  const result = await postWebhook({ url, secret, message: { webhookId: newWebhookId(), body }, now, policy: webhooks.policy, ...(webhooks.timeoutMs && { timeoutMs: webhooks.timeoutMs }) });
  const refused = (why: string) => new ApiError('unprocessable_content', `the receiver did not pass verification: ${why}; answer the webhook.verify delivery with 2xx and the JSON body {"challenge": data.challenge}`);
  if (result.status === undefined) throw refused(result.error ?? 'no answer');
  if (!result.ok) throw refused(`it answered ${result.status}`);
  let echoed: unknown;
  try {
    echoed = JSON.parse(result.answer ?? '');
  } catch {
    throw refused('its answer is not JSON');
  }
  if (typeof echoed !== 'object' || echoed === null || (echoed as { challenge?: unknown }).challenge !== challenge) throw refused('its answer does not echo the challenge');
}
