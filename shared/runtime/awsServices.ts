import * as z from 'zod';
import { SlidingWindowRateLimiter } from '../ratelimit/rateLimiter.js';
import type { PositionsSnapshot } from '../scan/positionsFor.js';
import type { ClientConnection } from '../stores/aws/clientConnection.js';
import type { DynamoDBClient } from '../stores/aws/dynamoClient.js';
import type { S3Client } from '../stores/aws/s3Client.js';
import { KEY_PREFIX } from '../stores/aws/table.js';
import { lazyCounterStore, lazyFeedStore, lazyTtlCache, loadOnce } from '../stores/lazyStores.js';
import { resilientFeedStore } from '../stores/resilientFeedStore.js';
import { resilientTtlCache } from '../stores/resilientTtlCache.js';
import { createUpstreams, type Upstreams } from '../upstream/upstreams.js';
import { type Config, configFromEnv } from './config.js';
import type { Services } from './services.js';

// An empty variable counts as unset, as in configFromEnv.
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

/** Where the AWS stores are: set by the CDK stack in AWS, or pointed at dynalite and s3rver locally. */
export const AwsSettings = z.object({
  TABLE_NAME: z.string().min(3),
  BUCKET_NAME: z.string().min(3),
  FEED_KEY: unsetIfEmpty(z.string().default('feed.json')),
  /** Only for a local DynamoDB (dynalite); unset in AWS. */
  DYNAMODB_ENDPOINT: unsetIfEmpty(z.url().optional()),
  /** Only for a local S3 (s3rver); unset in AWS. */
  S3_ENDPOINT: unsetIfEmpty(z.url().optional()),
  AWS_REGION: unsetIfEmpty(z.string().optional()),
});
export type AwsSettings = z.infer<typeof AwsSettings>;

export interface AwsServicesOptions {
  env?: NodeJS.ProcessEnv;
  /** Defaults to configFromEnv(env), which then must carry RATE_LIMIT_SECRET. */
  config?: Config;
  /** Clients to use instead of building them from env (tests, a caller with its own settings). */
  dynamo?: DynamoDBClient;
  s3?: S3Client;
  /** Defaults to the environment's endpoints. */
  upstreams?: Upstreams;
}

/**
 * The services of a deployment: counters and caches in the one DynamoDB table, the feed in S3.
 * The caches and the feed store are wrapped so that a store outage degrades (a miss, a 502) instead
 * of failing with a 500; the limiter is not, because its middleware already fails open.
 *
 * @example const services = awsServices(); // TABLE_NAME, BUCKET_NAME and RATE_LIMIT_SECRET set
 */
export function awsServices(options: AwsServicesOptions = {}): Services {
  const env = options.env ?? process.env;
  const settings = AwsSettings.parse(env);
  // Counters are shared by every Lambda container; the default per-process secret would give each
  // container its own key for the same client, and so its own quota.
  if (!options.config && !env.RATE_LIMIT_SECRET) throw new Error('RATE_LIMIT_SECRET must be set when the stores are shared (TABLE_NAME is set)');
  const config = options.config ?? configFromEnv(env);
  const table = settings.TABLE_NAME;
  const upstreams = options.upstreams ?? createUpstreams({ env });
  // Each SDK loads on its first call, not here: health answers without either, the catalog loads
  // only S3, the positions function only DynamoDB (../stores/lazyStores.ts).
  const dynamo = loadOnce(async () => options.dynamo ?? (await import('../stores/aws/dynamoClient.js')).dynamoClientFor(connection(settings.DYNAMODB_ENDPOINT, settings, env)));
  const s3 = loadOnce(async () => options.s3 ?? (await import('../stores/aws/s3Client.js')).s3ClientFor(connection(settings.S3_ENDPOINT, settings, env)));
  const ttlCache = <T>(prefix: (typeof KEY_PREFIX)['scanCache' | 'ensCache']) =>
    lazyTtlCache<T>(async () => new (await import('../stores/aws/dynamoTtlCache.js')).DynamoTtlCache<T>(await dynamo(), table, prefix));
  return {
    config,
    limiter: new SlidingWindowRateLimiter(
      lazyCounterStore(async () => new (await import('../stores/aws/dynamoCounterStore.js')).DynamoCounterStore(await dynamo(), table)),
      { name: 'default', ...config.rateLimit },
    ),
    scanCache: resilientTtlCache(ttlCache<PositionsSnapshot>(KEY_PREFIX.scanCache), 'scan'),
    ensCache: resilientTtlCache(ttlCache<string | null>(KEY_PREFIX.ensCache), 'ens'),
    feedStore: resilientFeedStore(lazyFeedStore(async () => new (await import('../stores/aws/s3FeedStore.js')).S3FeedStore(await s3(), settings.BUCKET_NAME, settings.FEED_KEY))),
    upstreams,
    now: () => new Date(),
  };
}

/**
 * A Lambda container's AWS services, once its secrets are read: with ORIGIN_SECRET_ARN set (as the
 * stack sets it on every function that answers HTTP), the origin secret comes from Secrets Manager
 * through the Parameters and Secrets extension, and the limiter's key is derived from it
 * (./originSecret.ts); the values are never in the function's configuration.
 */
export async function awsServicesFromEnv(env: NodeJS.ProcessEnv = process.env, upstreams?: Upstreams): Promise<Services> {
  const secrets = env.ORIGIN_SECRET_ARN ? await (await import('./originSecret.js')).originSecretsFromExtension(env) : {};
  return awsServices({ env: { ...env, ...secrets }, ...(upstreams && { upstreams }) });
}

/**
 * An emulator endpoint, with a region and, unless the environment has real ones, the credentials
 * s3rver knows (dynalite accepts any): the SDK's default chain would otherwise go looking for an
 * instance role.
 */
function connection(endpoint: string | undefined, settings: AwsSettings, env: NodeJS.ProcessEnv): ClientConnection {
  if (!endpoint) return settings.AWS_REGION ? { region: settings.AWS_REGION } : {};
  return {
    endpoint,
    region: settings.AWS_REGION ?? 'us-east-1',
    ...(!env.AWS_ACCESS_KEY_ID && { credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }),
  };
}
