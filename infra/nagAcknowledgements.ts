import { type Acknowledgment, type CfnElement, type Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { feedNames } from '../shared/stores/feedNames.js';
import { FEED_KEY } from './feedBucket.js';
import { FEED_BUILDER_ENTRY } from './functionProfiles.js';
import { beside, type LambdaFunctions } from './lambdaFunctions.js';
import type { ThrottleEnvelope } from './throttleEnvelope.js';

const BASIC_EXECUTION_ROLE =
  'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';

export interface NagScopes {
  stack: Stack;
  bucket: IConstruct;
  api: IConstruct;
  distribution: IConstruct;
  functions: LambdaFunctions;
  originSecret: IConstruct;
  throttleEnvelope: ThrottleEnvelope;
}

/**
 * Every cdk-nag AwsSolutions finding this stack accepts, each on the narrowest construct it concerns and
 * with its reason. Anything not listed here fails `cdk synth` (infra/app.ts) and the tests.
 */
export function nagAcknowledgements({ stack, bucket, api, distribution, functions, originSecret, throttleEnvelope }: NagScopes): Map<IConstruct, Acknowledgment[]> {
  const acknowledgements = new Map<IConstruct, Acknowledgment[]>();
  const add = (scope: IConstruct, ...entries: Acknowledgment[]) => acknowledgements.set(scope, [...(acknowledgements.get(scope) ?? []), ...entries]);

  add(bucket, {
    id: 'AwsSolutions-S1',
    reason: 'Holds one generated feed object and the landing page, read only by CloudFront through origin access control; access logs would need a second bucket for reads that CloudFront metrics already count.',
  });

  add(functions, {
    id: BASIC_EXECUTION_ROLE,
    reason: 'AWSLambdaBasicExecutionRole grants only CreateLogGroup/CreateLogStream/PutLogEvents for the function\'s own logs; an inline copy would be the same statement under another name.',
  }, {
    id: 'AwsSolutions-L1',
    reason: 'nodejs22.x is the chosen runtime (design card, toolchain research: the pinned dependencies and local tooling are verified on Node 20/22); moving to nodejs24.x is a deliberate upgrade, not a lint fix.',
  });

  add(stack, {
    id: `AwsSolutions-IAM5[Resource::<${functions.logicalIdOf(FEED_BUILDER_ENTRY)}.Arn>:*]`,
    reason: 'EventBridge Scheduler\'s target role may invoke the feed builder and its qualified versions (Arn:*): one function, one action.',
  });

  // The builder sets a damaged feed aside under a dated key before a build (shared/stores/healingFeedStore.ts):
  // one pattern of keys beside the feed, which it may only put.
  add(functions.get(FEED_BUILDER_ENTRY), {
    id: `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>/${beside(FEED_KEY, feedNames(FEED_KEY.slice(FEED_KEY.lastIndexOf('/') + 1)).corruptPattern)}]`,
    reason: 'The feed builder puts a feed that does not parse aside under a key dated when it was found (feed.corrupt-<time>.json), for inspection: the date is not known in advance, so the grant is the pattern; put only, no read or delete.',
  });

  add(api, {
    id: 'AwsSolutions-APIG4',
    reason: 'The API is anonymous and keyless by contract (read-only public data); callers are limited per client by the handlers\' rate limiter, and only CloudFront, holding the origin secret, is served.',
  });

  add(distribution, {
    id: 'AwsSolutions-CFR1',
    reason: 'A public read-only API for anyone, anywhere: no country is excluded.',
  }, {
    id: 'AwsSolutions-CFR3',
    reason: 'CloudFront standard logs need an ACL-enabled log bucket; request counts and error rates are in CloudFront\'s metrics, and every request that reaches the origin is in the API stage\'s access log.',
  }, {
    id: 'AwsSolutions-CFR4',
    reason: 'The distribution uses the default *.cloudfront.net certificate, whose viewer TLS policy CloudFront fixes; a custom domain with its own certificate (TLSv1.2_2021) is the upgrade path.',
  });

  add(originSecret, {
    id: 'AwsSolutions-SMG4',
    reason: 'The origin secret is rotated by replacing it (a new stack generation, or a new value followed by a redeploy that updates CloudFront\'s header): a rotation Lambda would change the value under CloudFront\'s origin header without updating it.',
  });

  // The Lambda@Edge function, in the edge stack (or here, when the service is in us-east-1).
  add(throttleEnvelope.function, {
    id: BASIC_EXECUTION_ROLE,
    reason: 'AWSLambdaBasicExecutionRole grants only the log writes of the Lambda@Edge function, whose replicas log to a log group in each edge region: an inline statement would need the same wildcards.',
  }, {
    id: 'AwsSolutions-L1',
    reason: 'nodejs22.x, the runtime of every Govex function; the Lambda@Edge function is a dozen lines without dependencies and moves with the others.',
  });

  // CDK's own singleton behind BucketDeployment (copies the pages' stylesheet from the CDK asset bucket).
  const deployment = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (deployment) {
    const reason = (what: string) => `CDK's BucketDeployment handler (copies the pages' stylesheet from the CDK asset bucket into the feed bucket at deploy time): ${what}`;
    add(deployment, { id: BASIC_EXECUTION_ROLE, reason: reason('its logs only.') }, { id: 'AwsSolutions-L1', reason: reason('its runtime is chosen by aws-cdk-lib, not by us.') });
    // cdk-nag names the asset bucket as resolved: concrete account and region when the stack has them.
    const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
    const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
    const qualifier = stack.synthesizer.bootstrapQualifier ?? 'hnb659fds';
    for (const finding of ['Action::s3:GetObject*', 'Action::s3:GetBucket*', 'Action::s3:List*', 'Action::s3:DeleteObject*', 'Action::s3:Abort*',
      `Resource::arn:<AWS::Partition>:s3:::cdk-${qualifier}-assets-${account}-${region}/*`, `Resource::<${stack.getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>/*`]) {
      add(deployment, { id: `AwsSolutions-IAM5[${finding}]`, reason: reason('the wildcards are the construct\'s grants on exactly two buckets, the asset bucket and ours.') });
    }
  }
  return acknowledgements;
}

/** Records the acknowledgements on their constructs, where cdk-nag looks for them. */
export function acknowledgeNagFindings(scopes: NagScopes): void {
  for (const [scope, entries] of nagAcknowledgements(scopes)) Validations.of(scope).acknowledge(...entries);
}

