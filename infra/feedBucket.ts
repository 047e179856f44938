import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { PROJECT_ROOT } from './bundling.js';

/** Where the feed builder writes the whole feed, in one object (one atomic PUT per build). */
export const FEED_KEY = 'feed.json';

/**
 * The index page at `/`: prebuilt by the feed builder beside the feed (shared/feed/prebuildFiles.ts),
 * as the local server serves it; the Atom feed at `/feed.atom` is its sibling.
 */
export const LANDING_PAGE = 'index.html';

/**
 * The private bucket behind CloudFront: the built feed, the pages prebuilt from it, and the pages' stylesheet. Nobody reads it but the
 * distribution (origin access control) and the functions granted one key each.
 */
export class FeedBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Kept on teardown, as CDK does by default for buckets: emptying it would need a custom-resource
      // Lambda; README "Deploying to AWS" says how to delete it by hand.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    new BucketDeployment(this, 'PageAssets', {
      sources: [Source.asset(join(PROJECT_ROOT, 'web', 'assets'))],
      destinationBucket: this.bucket,
      destinationKeyPrefix: 'assets/',
      // Never prune: the feed and the pages prebuilt from it live in the same bucket and are not part of this deployment.
      prune: false,
      cacheControl: [CacheControl.maxAge(Duration.minutes(5)), CacheControl.setPublic()],
    });
  }
}
