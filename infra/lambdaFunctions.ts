import { type CfnElement, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Function as LambdaFunction, ParamsAndSecretsLayerVersion, ParamsAndSecretsVersions, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { feedNames } from '../shared/stores/feedNames.js';
import { PREBUILT_FILES } from '../shared/stores/types.js';
import { FUNCTION_HANDLER, functionCode } from './functionCode.js';
import { FEED_BUILDER_ENTRY, FUNCTION_ENTRIES, NON_HTTP_ENTRIES, profileOf } from './functionProfiles.js';
import { WATCH_PARTITION } from '../shared/stores/aws/watchTable.js';

export interface LambdaFunctionsProps {
  bucket: IBucket;
  feedKey: string;
  table: ITableV2;
  /**
   * The origin secret: the functions that answer HTTP get its ARN (never its value) and read it at
   * run time, deriving the limiter's HMAC key from it (shared/runtime/originSecret.ts).
   */
  originSecret: ISecret;
  /** Environment of the functions that answer HTTP (viewer address, base URL). */
  httpEnvironment: Record<string, string>;
  /** The webhook queue (infra/webhooks.ts): the functions whose profile sends webhook jobs get its URL and SendMessage on it. */
  webhookQueue?: IQueue;
}

/** One function per entry under functions/ (code split, infra/functionCode.ts), each granted only the stores its profile names. */
export class LambdaFunctions extends Construct {
  readonly byEntry: ReadonlyMap<string, LambdaFunction>;

  constructor(scope: Construct, id: string, props: LambdaFunctionsProps) {
    super(scope, id);
    // Every function, the builder included, gets the stores' names: TABLE_NAME is what makes
    // shared/runtime/servicesFromEnv.ts choose the AWS stores over the embedded ones.
    const storage = { TABLE_NAME: props.table.tableName, BUCKET_NAME: props.bucket.bucketName, FEED_KEY: props.feedKey };
    const http = { ...storage, ...props.httpEnvironment, ORIGIN_SECRET_ARN: props.originSecret.secretArn };
    // The builder writes the Atom feed, whose links are absolute from the public address (issue #21).
    const builder = { ...storage, ...(props.httpEnvironment.PUBLIC_BASE_URL && { PUBLIC_BASE_URL: props.httpEnvironment.PUBLIC_BASE_URL }) };
    // AWS's Parameters and Secrets extension: the secret over localhost HTTP, no SDK in the bundle,
    // and cached by the extension for 5 minutes across the container's invocations.
    const secretsExtension = ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, { cacheSize: 10, secretsManagerTtl: Duration.minutes(5) });
    const feedObjectArn = props.bucket.arnForObjects(props.feedKey);
    // What the feed store keeps beside the feed to heal itself (shared/stores/healingFeedStore.ts).
    const names = feedNames(props.feedKey.slice(props.feedKey.lastIndexOf('/') + 1));
    const lastGoodArn = props.bucket.arnForObjects(beside(props.feedKey, names.lastGood));
    const byEntry = new Map<string, LambdaFunction>();

    for (const entry of FUNCTION_ENTRIES) {
      const profile = profileOf(entry);
      const answersHttp = !NON_HTTP_ENTRIES.includes(entry);
      // Signed webhooks (issue #24): the watches live in the state table's `watch` partition; the queue carries the jobs.
      const webhooks = {
        ...(profile.usesWatches && { WATCHES_TABLE_NAME: props.table.tableName }),
        ...(profile.sendsWebhookJobs && props.webhookQueue && { WEBHOOK_QUEUE_URL: props.webhookQueue.queueUrl }),
      };
      const fn = new LambdaFunction(this, entry, {
        code: functionCode(entry),
        handler: FUNCTION_HANDLER,
        runtime: Runtime.NODEJS_22_X,
        // Graviton: about 20 % cheaper per GB-second than x86, and nothing here is native code.
        architecture: Architecture.ARM_64,
        memorySize: profile.memoryMb,
        timeout: profile.timeout,
        // The feed builder never needs the origin secret.
        environment: { ...(answersHttp ? http : builder), ...webhooks },
        ...(answersHttp && { paramsAndSecrets: secretsExtension }),
        // A failed build is superseded by the next scheduled one; an async retry could overlap it.
        ...(entry === FEED_BUILDER_ENTRY && { retryAttempts: 0 }),
        // An explicit log group: retention without the LogRetention custom resource, deleted on teardown.
        logGroup: new LogGroup(this, `${entry}Logs`, { retention: RetentionDays.TWO_WEEKS, removalPolicy: RemovalPolicy.DESTROY }),
      });

      if (answersHttp) props.originSecret.grantRead(fn);
      if (profile.readsFeed) {
        // The last good copy answers a feed object that is missing or damaged.
        fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [feedObjectArn, lastGoodArn] }));
        // Without ListBucket, S3 answers a missing key with 403 instead of 404, and "no feed built yet"
        // (a normal state right after deploy) would look like a permissions failure.
        fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [props.bucket.bucketArn] }));
      }
      if (profile.writesFeed) {
        fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [feedObjectArn] }));
        // The index page and the Atom feed it prebuilds beside the feed (S3FeedStore.writePrebuilt), and nothing else.
        fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: PREBUILT_FILES.map((name) => props.bucket.arnForObjects(beside(props.feedKey, name))) }));
        // The feed's last good copy, the record of the last repair, and a damaged feed set aside under a
        // dated key before a build. No delete: a set-aside feed is overwritten by the build.
        fn.addToRolePolicy(
          new PolicyStatement({ actions: ['s3:PutObject'], resources: [lastGoodArn, ...[names.repair, names.corruptPattern].map((name) => props.bucket.arnForObjects(beside(props.feedKey, name)))] }),
        );
      }
      if (profile.usesTable) {
        fn.addToRolePolicy(
          new PolicyStatement({
            // Exactly what the stores call: counters (conditional UpdateItem, GetItem of the closed
            // window) and caches (GetItem, PutItem). No delete (items expire by TTL), no Query, no Scan.
            actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
            resources: [props.table.tableArn],
          }),
        );
      }
      if (profile.usesWatches) {
        fn.addToRolePolicy(
          new PolicyStatement({
            // The watch store's calls (shared/stores/aws/dynamoWatchStore.ts), on the `watch` partition
            // only: it can neither read nor delete a counter or a cached scan.
            actions: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
            resources: [props.table.tableArn],
            conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [WATCH_PARTITION] } },
          }),
        );
      }
      if (profile.sendsWebhookJobs && props.webhookQueue) {
        fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [props.webhookQueue.queueArn] }));
      }
      byEntry.set(entry, fn);
    }
    this.byEntry = byEntry;
  }

  get(entry: string): LambdaFunction {
    const fn = this.byEntry.get(entry);
    if (!fn) throw new Error(`no function for entry ${entry}`);
    return fn;
  }

  /** The logical id a function's role-policy findings are reported under (cdk-nag granular ids). */
  logicalIdOf(entry: string): string {
    return Stack.of(this).getLogicalId(this.get(entry).node.defaultChild as CfnElement);
  }
}

/** A key in the feed key's folder (`feeds/feed.json` → `feeds/index.html`), as S3FeedStore places prebuilt files. */
export const beside = (feedKey: string, name: string): string => `${feedKey.slice(0, feedKey.lastIndexOf('/') + 1)}${name}`;
