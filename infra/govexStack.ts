import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Cdn } from './cdn.js';
import { FEED_KEY, FeedBucket } from './feedBucket.js';
import { FeedSchedule } from './feedSchedule.js';
import { FEED_BUILDER_ENTRY, profileOf, WEBHOOK_DELIVERY_ENTRY } from './functionProfiles.js';
import { GovexHttpApi } from './httpApi.js';
import { LambdaFunctions } from './lambdaFunctions.js';
import { acknowledgeNagFindings } from './nagAcknowledgements.js';
import { OriginSecret } from './originSecret.js';
import { StateTable } from './stateTable.js';
import { ThrottleEnvelope } from './throttleEnvelope.js';
import { WebhookQueues } from './webhooks.js';

export interface GovexStackProps extends StackProps {
  /** What the us-east-1 stack holds for CloudFront (infra/edgeStack.ts). */
  edge: { stackId: string; webAclArn: string };
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
 *
 * The web ACL and the Lambda@Edge function are CloudFront's, which takes them from us-east-1 only:
 * they live in the edge stack (infra/edgeStack.ts), and this one reads their ARNs across regions.
 */
export class GovexStack extends Stack {
  readonly functions: LambdaFunctions;

  constructor(scope: Construct, id: string, props: GovexStackProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
    const feed = new FeedBucket(this, 'Feed');
    const { bucket } = feed;
    const { table } = new StateTable(this, 'State');
    const http = new GovexHttpApi(this, 'Http');
    const origin = new OriginSecret(this, 'OriginSecret');
    const throttleEnvelope = new ThrottleEnvelope(this, 'ThrottleEnvelope', { edgeStackId: props.edge.stackId });
    const originSecret = origin.secret;
    const cdn = new Cdn(this, 'Cdn', {
      bucket,
      api: http.api,
      originHeaderValue: origin.deployTimeReference,
      webAclArn: props.edge.webAclArn,
      throttleEnvelope: throttleEnvelope.version,
    });
    const { distribution } = cdn;
    const publicBaseUrl = `https://${distribution.distributionDomainName}`;
    const webhooks = new WebhookQueues(this, 'Webhooks', { deliveryTimeout: profileOf(WEBHOOK_DELIVERY_ENTRY).timeout });

    this.functions = new LambdaFunctions(this, 'Functions', {
      bucket,
      feedKey: FEED_KEY,
      table,
      originSecret,
      webhookQueue: webhooks.queue,
      httpEnvironment: {
        // Safe only because the origin secret shuts out every caller that did not come through CloudFront.
        TRUST_CLOUDFRONT_VIEWER_ADDRESS: 'true',
        PUBLIC_BASE_URL: publicBaseUrl,
      },
    });
    http.addRoutes((entry) => this.functions.get(entry));
    new FeedSchedule(this, 'FeedSchedule', { builder: this.functions.get(FEED_BUILDER_ENTRY) });
    webhooks.drainInto(this.functions.get(WEBHOOK_DELIVERY_ENTRY));

    new CfnOutput(this, 'BaseUrl', { value: publicBaseUrl, description: 'The public address: the site, /api, /llms.txt, /w/{address}' });
    new CfnOutput(this, 'DistributionId', { value: distribution.distributionId, description: 'For cache invalidations' });
    new CfnOutput(this, 'FeedBucketName', { value: bucket.bucketName, description: 'Kept on teardown; delete by hand' });
    // API Gateway's own address is not an output any more (issue #19): it answers 404 to anyone
    // without the origin secret, and every call to it still spends its route's throttle.

    acknowledgeNagFindings({ stack: this, bucket, api: http, distribution, functions: this.functions, originSecret, throttleEnvelope });
  }
}
