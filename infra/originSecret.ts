import { createHmac } from 'node:crypto';
import type { Node } from 'constructs';

/** CDK context key: `npx cdk deploy -c originSecret=...`. */
export const ORIGIN_SECRET_CONTEXT = 'originSecret';

// Sent as an HTTP header value by CloudFront and compared by the handlers: header-safe characters only,
// and long enough that guessing it is hopeless.
const SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

/**
 * The secret CloudFront adds to every origin request (x-govex-origin). It comes from context rather than
 * a Secrets Manager lookup so synth stays offline, and rotating it is one redeploy with a new value.
 */
export function originSecretFrom(node: Node): string {
  const value: unknown = node.tryGetContext(ORIGIN_SECRET_CONTEXT);
  if (typeof value !== 'string' || !SHAPE.test(value)) {
    throw new Error(
      `context ${ORIGIN_SECRET_CONTEXT} is required: 32 to 128 characters of A-Z a-z 0-9 _ -, e.g. ` +
        `npx cdk deploy -c ${ORIGIN_SECRET_CONTEXT}=$(openssl rand -hex 32)`,
    );
  }
  return value;
}

/**
 * The key of the HMAC under which the limiter stores client addresses. It must be the same in every
 * Lambda container, or each container would count a client under a different key (the local default
 * is random per process). Derived from the origin secret so there is one value to manage; the HMAC
 * does not reveal the origin secret, and rotating it only restarts the counters of a 60 s window.
 */
export const rateLimitSecretFrom = (originSecret: string): string =>
  createHmac('sha256', originSecret).update('govex rate-limit client key').digest('hex');
