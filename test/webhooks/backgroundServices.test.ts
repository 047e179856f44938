import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('services of the functions that answer no request (feed builder, webhook delivery)', () => {
  it('start on the AWS stores with the environment the stack gives them: no origin secret, no RATE_LIMIT_SECRET', async () => {
    // What infra/lambdaFunctions.ts hands the builder and the delivery function (no ORIGIN_SECRET_ARN).
    for (const [name, value] of Object.entries({ TABLE_NAME: 'govex-state', BUCKET_NAME: 'govex-feed', FEED_KEY: 'feed.json', AWS_REGION: 'eu-west-1', RATE_LIMIT_SECRET: '', ORIGIN_SECRET_ARN: '' })) vi.stubEnv(name, value);
    const { servicesFromEnv } = await import('../../shared/runtime/servicesFromEnv.js');
    // The HTTP functions' root refuses it, rightly for them: their limiter would count each container apart.
    await expect(servicesFromEnv({ ...process.env, RATE_LIMIT_SECRET: undefined })).rejects.toThrow(/RATE_LIMIT_SECRET/);
    const { backgroundServices } = await import('../../shared/runtime/backgroundServices.js');
    const services = await backgroundServices();
    expect(services.feedStore).toBeDefined();
    expect(services.config.rateLimit.secret).toBe('background-function-counts-no-request');
  });
});
