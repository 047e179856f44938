import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { awsServices } from '../../shared/runtime/awsServices.js';
import { storedFeed } from '../support/feed.js';
import { useLocalAws } from '../support/localAws.js';

const aws = useLocalAws();
beforeEach(() => {
  // Should a test pick the embedded stores by mistake, its feed lands in a temporary file.
  vi.stubEnv('FEED_PATH', join(tmpdir(), `govex-services-${process.pid}.json`));
});
afterEach(() => {
  vi.unstubAllEnvs();
});

// services() builds once per module instance; a fresh import gives each test its own first call.
const freshServices = async () => {
  vi.resetModules();
  return (await import('../../shared/runtime/servicesFromEnv.js')).services();
};

describe('services() from the environment', () => {
  it('uses the AWS stores when TABLE_NAME is set', async () => {
    vi.stubEnv('TABLE_NAME', aws.dynamo.tableName);
    vi.stubEnv('BUCKET_NAME', aws.s3.bucket);
    vi.stubEnv('DYNAMODB_ENDPOINT', aws.dynamo.endpoint);
    vi.stubEnv('S3_ENDPOINT', aws.s3.endpoint);
    vi.stubEnv('RATE_LIMIT_SECRET', 'a-test-secret-of-enough-length');
    vi.stubEnv('FEED_KEY', '');
    // Keys a developer may have exported would be refused by s3rver; unset, the emulator's are used.
    vi.stubEnv('AWS_ACCESS_KEY_ID', '');
    const { feedStore } = await freshServices();
    await feedStore.write(storedFeed([]));
    // FEED_KEY empty counts as unset: the default feed.json.
    const object = await aws.s3.client.send(new GetObjectCommand({ Bucket: aws.s3.bucket, Key: 'feed.json' }));
    expect(JSON.parse(await object.Body!.transformToString())).toEqual(storedFeed([]));
  });

  it('refuses shared stores without a fixed RATE_LIMIT_SECRET: each container would count apart', () => {
    expect(() => awsServices({ env: { TABLE_NAME: 'govex-table', BUCKET_NAME: 'govex-bucket' } })).toThrow(/RATE_LIMIT_SECRET/);
  });

  it('names a missing bucket instead of failing later', () => {
    expect(() => awsServices({ env: { TABLE_NAME: 'govex-table', RATE_LIMIT_SECRET: 'a-test-secret-of-enough-length' } })).toThrow(/BUCKET_NAME/);
  });
});
