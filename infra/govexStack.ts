import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Cdn } from './cdn.js';
import { FEED_KEY, FeedBucket } from './feedBucket.js';
import { FeedSchedule } from './feedSchedule.js';
import { FEED_BUILDER_ENTRY } from './functionProfiles.js';
import { GovexHttpApi } from './httpApi.js';
import { LambdaFunctions } from './lambdaFunctions.js';
import { acknowledgeNagFindings } from './nagAcknowledgements.js';
import { rateLimitSecretFrom } from './originSecret.js';
import { StateTable } from './stateTable.js';

export interface GovexStackProps extends StackProps {
  /** The x-govex-origin value CloudFront adds and the handlers require (context `originSecret`). */
  originSecret: string;
}

/**
 * The whole service in one stack: CloudFront in front of the feed bucket and the HTTP API, one Lambda
 * per functions/ entry, the state table, and the 5-minute feed schedule.
 *
 * The functions' PUBLIC_BASE_URL is the distribution's domain, and the distribution's API origin is the
 * API's domain: a cycle if the distribution depended on the routes (which depend on the functions). It
 * depends only on the Api resource, so CloudFormation creates Api → Distribution → Functions → Routes,
 * with no custom resource and no second deploy. The cost: the functions wait for the distribution on
 * the first deploy (a few minutes).
 */
export class GovexStack extends Stack {
  readonly functions: LambdaFunctions;

  constructor(scope: Construct, id: string, props: GovexStackProps) {
    super(scope, id, props);
    const feed = new FeedBucket(this, 'Feed');
    const { bucket } = feed;
    const { table } = new StateTable(this, 'State');
    const http = new GovexHttpApi(this, 'Http');
    const cdn = new Cdn(this, 'Cdn', { bucket, api: http.api, originSecret: props.originSecret });
    const { distribution } = cdn;
    const publicBaseUrl = `https://${distribution.distributionDomainName}`;

    this.functions = new LambdaFunctions(this, 'Functions', {
      bucket,
      feedKey: FEED_KEY,
      table,
      rateLimitSecret: rateLimitSecretFrom(props.originSecret),
      httpEnvironment: {
        ORIGIN_SECRET: props.originSecret,
        // Safe only because ORIGIN_SECRET shuts out every caller that did not come through CloudFront.
        TRUST_CLOUDFRONT_VIEWER_ADDRESS: 'true',
        PUBLIC_BASE_URL: publicBaseUrl,
      },
    });
    http.addRoutes((entry) => this.functions.get(entry));
    new FeedSchedule(this, 'FeedSchedule', { builder: this.functions.get(FEED_BUILDER_ENTRY) });

    new CfnOutput(this, 'BaseUrl', { value: publicBaseUrl, description: 'The public address: the site, /api, /llms.txt, /w/{address}' });
    new CfnOutput(this, 'DistributionId', { value: distribution.distributionId, description: 'For cache invalidations' });
    new CfnOutput(this, 'FeedBucketName', { value: bucket.bucketName, description: 'Kept on teardown; delete by hand' });
    new CfnOutput(this, 'DirectApiEndpoint', { value: http.api.apiEndpoint, description: 'Answers 404 without the origin header: use BaseUrl' });

    acknowledgeNagFindings({ stack: this, bucket, api: http, distribution, functions: this.functions });
  }
}
