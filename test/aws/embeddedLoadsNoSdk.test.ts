import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// A resolve hook that reports every module resolved from @aws-sdk, registered before services.ts loads.
const HOOK = `export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.includes('/@aws-sdk/')) process.stdout.write('sdk ' + result.url + '\\n');
  return result;
}`;
const servicesModule = fileURLToPath(new URL('../../shared/runtime/services.ts', import.meta.url));
const script = `
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}));
const { services } = await import(${JSON.stringify(servicesModule)});
process.stdout.write('feed store ' + (await services()).feedStore.constructor.name + '\\n');
`;

/** Runs services() in a fresh Node process and lists the SDK modules it loaded. */
async function servicesIn(env: Record<string, string>) {
  const { TABLE_NAME: _unset, ...base } = process.env;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
    env: { ...base, FEED_PATH: join(tmpdir(), 'govex-embedded-feed.json'), ...env },
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  });
  const lines = stdout.trim().split('\n');
  return { feedStore: lines.find((line) => line.startsWith('feed store '))?.slice(11), sdk: lines.filter((line) => line.startsWith('sdk ')) };
}

describe('loading the services', () => {
  it('never loads the AWS SDK on the embedded path', async () => {
    const { feedStore, sdk } = await servicesIn({});
    expect(feedStore).toBe('FileFeedStore');
    expect(sdk).toEqual([]);
  });

  it('loads it once TABLE_NAME is set (the hook does see the SDK)', async () => {
    const { sdk } = await servicesIn({ TABLE_NAME: 'govex-table', BUCKET_NAME: 'govex-bucket', RATE_LIMIT_SECRET: 'a-test-secret-of-enough-length', AWS_REGION: 'eu-west-1' });
    expect(sdk.some((line) => line.includes('@aws-sdk/client-dynamodb'))).toBe(true);
  });
});
