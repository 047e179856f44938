import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The extension's port unless its layer was configured otherwise (CDK sets this variable when it is). */
const DEFAULT_EXTENSION_PORT = '2773';
// What infra/originSecret.ts generates (64 letters and digits), and what may travel in a header.
const SHAPE = /^[A-Za-z0-9_-]{32,128}$/;
// The extension starts beside the runtime and may not listen yet on a container's first request.
const ATTEMPTS = 4;
const RETRY_DELAY_MS = 150;
const REQUEST_TIMEOUT_MS = 2_000;

/** The origin secret and the limiter's HMAC key derived from it: the environment variables config.ts reads. */
export interface OriginSecrets {
  ORIGIN_SECRET: string;
  RATE_LIMIT_SECRET: string;
}

/**
 * Reads the origin secret named by ORIGIN_SECRET_ARN from the AWS Parameters and Secrets Lambda
 * extension (localhost HTTP, authorized by the function's own session token; the extension caches
 * it), once per container: the services that use it are built once. The value is never in the
 * template or the environment (infra/originSecret.ts). Throws, with one line saying why, when the
 * secret cannot be read or is not a header-safe value of 32 to 128 characters: without it the
 * origin guard could not shut out direct callers, so the function refuses to serve.
 *
 * @example const { ORIGIN_SECRET, RATE_LIMIT_SECRET } = await originSecretsFromExtension(process.env);
 */
export async function originSecretsFromExtension(env: NodeJS.ProcessEnv, fetchSecret: typeof fetch = fetch): Promise<OriginSecrets> {
  const arn = env.ORIGIN_SECRET_ARN;
  if (!arn) throw new Error('ORIGIN_SECRET_ARN is not set');
  const port = env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT || DEFAULT_EXTENSION_PORT;
  const url = `http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(arn)}`;
  const value = await secretStringAt(url, env.AWS_SESSION_TOKEN ?? '', fetchSecret);
  if (!SHAPE.test(value)) throw new Error(`the origin secret ${arn} is not 32 to 128 characters of A-Z a-z 0-9 _ -`);
  return { ORIGIN_SECRET: value, RATE_LIMIT_SECRET: rateLimitSecretFrom(value) };
}

async function secretStringAt(url: string, token: string, fetchSecret: typeof fetch): Promise<string> {
  let failure: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const response = await fetchSecret(url, { headers: { 'X-Aws-Parameters-Secrets-Token': token }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      // A refusal (no permission, no such secret) will not change on a retry.
      if (response.status >= 400 && response.status < 500) throw new Error(`the secrets extension answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      if (!response.ok) throw new Retryable(`the secrets extension answered ${response.status}`);
      const { SecretString } = (await response.json()) as { SecretString?: unknown };
      if (typeof SecretString !== 'string') throw new Error('the secrets extension answered without a SecretString');
      return SecretString;
    } catch (error) {
      if (!(error instanceof Retryable) && !isConnectionFailure(error)) throw error;
      failure = error;
      if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attempt));
    }
  }
  throw new Error(`the secrets extension could not be reached: ${String(failure)}`);
}

class Retryable extends Error {}

/** fetch's TypeError for a refused or reset connection, or its own timeout. */
const isConnectionFailure = (error: unknown) => error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError');

/**
 * The limiter's HMAC key, derived from the origin secret so there is one value to keep: the same in
 * every container (counters are shared), and it does not reveal the origin secret. The same
 * derivation as before issue #19, when CDK wrote it into the environment, so counters carry over.
 */
export const rateLimitSecretFrom = (originSecret: string): string =>
  bytesToHex(hmac(sha256, utf8ToBytes(originSecret), utf8ToBytes('govex rate-limit client key')));
