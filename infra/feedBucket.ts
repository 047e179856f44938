import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { PROJECT_ROOT } from './bundling.js';

/** Where the feed builder writes the whole feed, in one object (one atomic PUT per build). */
export const FEED_KEY = 'feed.json';

/** The landing page at `/`, the same file the local server answers `/` with. */
export const LANDING_PAGE = 'index.html';

/**
 * The private bucket behind CloudFront: the built feed and the landing page. Nobody reads it but the
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

    new BucketDeployment(this, 'LandingPage', {
      sources: [Source.asset(join(PROJECT_ROOT, 'web'), { exclude: ['*', `!${LANDING_PAGE}`] })],
      destinationBucket: this.bucket,
      // Never prune: the feed object lives in the same bucket and is not part of this deployment.
      prune: false,
      cacheControl: [CacheControl.maxAge(Duration.minutes(5)), CacheControl.setPublic()],
    });
  }
}
