import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// A resolve hook that reports every module resolved from @aws-sdk, registered before servicesFromEnv.ts loads.
const HOOK = `export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.includes('/@aws-sdk/')) process.stdout.write('sdk ' + result.url + '\\n');
  return result;
}`;
const servicesModule = fileURLToPath(new URL('../../shared/runtime/servicesFromEnv.ts', import.meta.url));
const script = `
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}));
const { services } = await import(${JSON.stringify(servicesModule)});
const built = await services();
process.stdout.write('feed store ' + built.feedStore.constructor.name + '\\n');
if (process.env.TOUCH_TABLE) {
  process.stdout.write('touching the table\\n');
  await built.scanCache.get('k', Date.now());
}
`;

/** Runs services() in a fresh Node process and lists the SDK modules it loaded. */
async function servicesIn(env: Record<string, string>) {
  const { TABLE_NAME: _unset, ...base } = process.env;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
    env: { ...base, FEED_PATH: join(tmpdir(), 'govex-embedded-feed.json'), ...env },
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  });
  const lines = stdout.trim().split('\n');
  const touched = lines.indexOf('touching the table');
  const sdkIn = (part: string[]) => part.filter((line) => line.startsWith('sdk '));
  return {
    feedStore: lines.find((line) => line.startsWith('feed store '))?.slice(11),
    sdk: sdkIn(lines),
    sdkBeforeUse: sdkIn(touched < 0 ? lines : lines.slice(0, touched)),
    sdkOnUse: touched < 0 ? [] : sdkIn(lines.slice(touched)),
  };
}

describe('loading the services', () => {
  it('never loads the AWS SDK on the embedded path', async () => {
    const { feedStore, sdk } = await servicesIn({});
    expect(feedStore).toBe('FileFeedStore');
    expect(sdk).toEqual([]);
  });

  // A refused local endpoint and dummy keys: the first call fails at once (a logged cache miss).
  const AWS = { TABLE_NAME: 'govex-table', BUCKET_NAME: 'govex-bucket', RATE_LIMIT_SECRET: 'a-test-secret-of-enough-length', AWS_REGION: 'eu-west-1', DYNAMODB_ENDPOINT: 'http://127.0.0.1:9', AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'x' };

  it('does not load it when the AWS services are built (a function that touches no store never does)', async () => {
    const { sdk } = await servicesIn(AWS);
    expect(sdk).toEqual([]);
  });

  it('loads DynamoDB\'s client on the first table call, and never S3\'s for it (the hook does see the SDK)', async () => {
    const { sdkBeforeUse, sdkOnUse } = await servicesIn({ ...AWS, TOUCH_TABLE: '1' });
    expect(sdkBeforeUse).toEqual([]);
    expect(sdkOnUse.some((line) => line.includes('@aws-sdk/client-dynamodb'))).toBe(true);
    expect(sdkOnUse.filter((line) => line.includes('@aws-sdk/client-s3'))).toEqual([]);
  });
});
