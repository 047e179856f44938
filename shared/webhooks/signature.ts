import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks v1 symmetric signatures (standard-webhooks/standard-webhooks:spec/standard-webhooks.md,
 * "Signature scheme"): HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the
 * bytes of the secret's base64 part, sent as `v1,<base64>`. Any receiver library of the spec
 * (the `standardwebhooks` npm package, svix) verifies it; test/webhooks/signature.test.ts proves it.
 */

const SECRET_PREFIX = 'whsec_';
/** The spec asks for 24 to 64 random bytes; 32 is the HMAC-SHA256 block's natural key size. */
const SECRET_BYTES = 32;

/** A new per-watch signing secret: `whsec_` and 32 random bytes in base64. */
export const newWatchSecret = (): string => `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;

/** A new message id: the same for every attempt of one message, so a receiver can drop repeats. */
export const newWebhookId = (): string => `msg_${randomBytes(18).toString('base64url')}`;

/**
 * The `webhook-signature` header of one attempt.
 *
 * @example signatureOf('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')
 * // 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' (the spec's own example)
 */
export function signatureOf(secret: string, webhookId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${webhookId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of one attempt: the id stays, the timestamp (and so the signature) is the attempt's own. */
export function signedHeaders(secret: string, webhookId: string, now: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, webhookId, timestamp, body),
  };
}
