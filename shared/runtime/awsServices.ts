import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { SlidingWindowRateLimiter } from '../ratelimit/rateLimiter.js';
import type { PositionsSnapshot } from '../scan/positionsFor.js';
import { DynamoCounterStore } from '../stores/aws/dynamoCounterStore.js';
import { DynamoTtlCache } from '../stores/aws/dynamoTtlCache.js';
import { S3FeedStore } from '../stores/aws/s3FeedStore.js';
import { KEY_PREFIX } from '../stores/aws/table.js';
import { resilientFeedStore } from '../stores/resilientFeedStore.js';
import { resilientTtlCache } from '../stores/resilientTtlCache.js';
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
  const dynamo = options.dynamo ?? dynamoClientFor(settings, env);
  const s3 = options.s3 ?? s3ClientFor(settings, env);
  const table = settings.TABLE_NAME;
  return {
    config,
    limiter: new SlidingWindowRateLimiter(new DynamoCounterStore(dynamo, table), { name: 'default', ...config.rateLimit }),
    scanCache: resilientTtlCache(new DynamoTtlCache<PositionsSnapshot>(dynamo, table, KEY_PREFIX.scanCache), 'scan'),
    ensCache: resilientTtlCache(new DynamoTtlCache<string | null>(dynamo, table, KEY_PREFIX.ensCache), 'ens'),
    feedStore: resilientFeedStore(new S3FeedStore(s3, settings.BUCKET_NAME, settings.FEED_KEY)),
    now: () => new Date(),
  };
}

/**
 * The limiter and the caches sit in front of every request: two attempts and short timeouts, so a
 * hung table costs each call about a second before the limiter fails open or the cache misses
 * (DynamoDB answers in milliseconds when it answers at all).
 */
export function dynamoClientFor(settings: AwsSettings, env: NodeJS.ProcessEnv): DynamoDBClient {
  return new DynamoDBClient({
    ...local(settings.DYNAMODB_ENDPOINT, settings, env),
    maxAttempts: 2,
    // Without throwOnRequestTimeout this SDK only logs a warning when requestTimeout passes.
    requestHandler: { connectionTimeout: 500, requestTimeout: 500, throwOnRequestTimeout: true, socketTimeout: 500 },
  });
}

export function s3ClientFor(settings: AwsSettings, env: NodeJS.ProcessEnv): S3Client {
  return new S3Client({
    ...local(settings.S3_ENDPOINT, settings, env),
    // s3rver serves buckets by path, not by virtual host, and does not store flexible checksums.
    ...(settings.S3_ENDPOINT && { forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }),
    maxAttempts: 2,
    // Every feed answer reads (or revalidates) the object, so a hung S3 must cost seconds, not the
    // Lambda's timeout. socketTimeout is idleness, so it also bounds a body that stops arriving
    // without cutting a large one that keeps flowing.
    requestHandler: { connectionTimeout: 1000, requestTimeout: 1000, throwOnRequestTimeout: true, socketTimeout: 1000 },
  });
}

/**
 * An emulator endpoint, with a region and, unless the environment has real ones, the credentials
 * s3rver knows (dynalite accepts any): the SDK's default chain would otherwise go looking for an
 * instance role.
 */
function local(endpoint: string | undefined, settings: AwsSettings, env: NodeJS.ProcessEnv) {
  if (!endpoint) return settings.AWS_REGION ? { region: settings.AWS_REGION } : {};
  return {
    endpoint,
    region: settings.AWS_REGION ?? 'us-east-1',
    ...(!env.AWS_ACCESS_KEY_ID && { credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }),
  };
}
