import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { awsServicesFromEnv } from '../../shared/runtime/awsServices.js';
import { originSecretsFromExtension } from '../../shared/runtime/originSecret.js';

/*
 * The AWS Parameters and Secrets Lambda extension, as the functions see it: an HTTP server on
 * localhost that answers GET /secretsmanager/get?secretId=… with GetSecretValue's JSON when the
 * request carries the session token. A real server here, standing in for the extension's.
 */

const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:OriginSecret-AbCdEf';
const SECRET = 'Gq7vR2mXk9PzT4wLbN8cJ5hY3sD6fA1eU0iO7pQ2rS9tV4xW6yZ8aB3cD5eF7gH1';
const TOKEN = 'session-token-of-this-function';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function extension(answer: (request: IncomingMessage) => { status: number; body: string }, port = 0): Promise<{ port: string; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    requests.push(request);
    const { status, body } = answer(request);
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ port: String((server.address() as AddressInfo).port), requests })));
}

const secretValue = (value: string) => (request: IncomingMessage) => {
  const url = new URL(request.url!, 'http://localhost');
  if (url.pathname !== '/secretsmanager/get' || url.searchParams.get('secretId') !== ARN) return { status: 400, body: '{"message":"no such secret"}' };
  if (request.headers['x-aws-parameters-secrets-token'] !== TOKEN) return { status: 401, body: '{"message":"missing token"}' };
  return { status: 200, body: JSON.stringify({ ARN, Name: 'OriginSecret', SecretString: value, VersionId: 'v1', VersionStages: ['AWSCURRENT'] }) };
};

const envFor = (port: string) => ({ ORIGIN_SECRET_ARN: ARN, PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: port, AWS_SESSION_TOKEN: TOKEN });

describe('the origin secret, read at run time from the secrets extension', () => {
  it('is read by ARN with the function\'s session token, and the limiter key is derived from it as before issue #19', async () => {
    const { port, requests } = await extension(secretValue(SECRET));
    const secrets = await originSecretsFromExtension(envFor(port));
    expect(secrets.ORIGIN_SECRET).toBe(SECRET);
    // What infra/originSecret.ts wrote into the environment until then: the counters carry over.
    expect(secrets.RATE_LIMIT_SECRET).toBe(createHmac('sha256', SECRET).update('govex rate-limit client key').digest('hex'));
    expect(requests).toHaveLength(1);
  });

  it('refuses a value that is too short or not safe in a header, in one line', async () => {
    for (const bad of ['short-secret', `${'x'.repeat(40)} y`, 'é'.repeat(40)]) {
      const { port } = await extension(secretValue(bad));
      const failure = originSecretsFromExtension(envFor(port));
      await expect(failure).rejects.toThrow(/^the origin secret arn:aws:secretsmanager:.* is not 32 to 128 characters of A-Z a-z 0-9 _ -$/);
    }
  });

  it('does not retry a refusal (no permission, no such secret), which a retry would not change', async () => {
    const { port, requests } = await extension(() => ({ status: 400, body: '{"message":"AccessDeniedException"}' }));
    await expect(originSecretsFromExtension(envFor(port))).rejects.toThrow(/the secrets extension answered 400: .*AccessDeniedException/);
    expect(requests).toHaveLength(1);
  });

  it('waits for an extension that is not listening yet, as on a container\'s first request', async () => {
    const free = await extension(() => ({ status: 500, body: '' }));
    const port = free.port;
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const reading = originSecretsFromExtension(envFor(port));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const late = await extension(secretValue(SECRET), Number(port));
    expect((await reading).ORIGIN_SECRET).toBe(SECRET);
    expect(late.requests.length).toBeGreaterThanOrEqual(1);
  });

  it('gives up with one line after a few tries when the extension keeps failing', async () => {
    const { port, requests } = await extension(() => ({ status: 503, body: '' }));
    await expect(originSecretsFromExtension(envFor(port))).rejects.toThrow(/^the secrets extension could not be reached: .*503/);
    expect(requests).toHaveLength(4);
  });

  it('becomes the services\' origin guard secret and limiter key in a deployment (awsServicesFromEnv)', async () => {
    const { port } = await extension(secretValue(SECRET));
    const services = await awsServicesFromEnv({ TABLE_NAME: 'govex-table', BUCKET_NAME: 'govex-bucket', TRUST_CLOUDFRONT_VIEWER_ADDRESS: 'true', ...envFor(port) });
    expect(services.config.originSecret).toBe(SECRET);
    expect(services.config.rateLimit.secret).toBe(createHmac('sha256', SECRET).update('govex rate-limit client key').digest('hex'));
    expect(services.config.trustViewerAddress).toBe(true);
  });
});
