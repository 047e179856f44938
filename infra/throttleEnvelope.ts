import { Duration } from 'aws-cdk-lib';
import { experimental } from 'aws-cdk-lib/aws-cloudfront';
import { Architecture, Code, Runtime, type IVersion } from 'aws-cdk-lib/aws-lambda';
import { Construct, type IConstruct } from 'constructs';
import { edgeRateLimited } from './edgeRateLimited.js';

/** The Retry-After of API Gateway's 429: its throttles refill every second. */
export const THROTTLE_RETRY_AFTER_SECONDS = 1;

/**
 * The Lambda@Edge code (CommonJS, no dependencies, no environment: Lambda@Edge allows none) that
 * rewrites API Gateway's own 429 (`{"message":"Too Many Requests"}`, none of our headers) into the
 * contract's envelope. An answer of our handlers always carries x-api-version, so a 429 with it is
 * ours (with the client's RateLimit fields and Retry-After) and is left as it is.
 */
export function throttleEnvelopeSource(): string {
  const { body, headers } = edgeRateLimited(
    `too many requests to this endpoint from all callers together; retry in ${THROTTLE_RETRY_AFTER_SECONDS} s`,
    THROTTLE_RETRY_AFTER_SECONDS,
  );
  const cloudFrontHeaders = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), [{ key: name, value }]]));
  return `'use strict';
const BODY = ${JSON.stringify(body)};
const HEADERS = ${JSON.stringify(cloudFrontHeaders)};
exports.handler = async (event) => {
  const response = event.Records[0].cf.response;
  if (response.status !== '429' || response.headers['x-api-version']) return response;
  delete response.headers['content-length'];
  Object.assign(response.headers, JSON.parse(JSON.stringify(HEADERS)));
  response.body = BODY;
  response.bodyEncoding = 'text';
  return response;
};
`;
}

/**
 * The origin-response function on the API's behaviours. Lambda@Edge, because nothing lighter can
 * change that body: CloudFront's custom error responses do not cover 429, and CloudFront Functions
 * do not run on an origin's answers of 400 and above. It runs on every origin answer of the API
 * (cache misses only), a few milliseconds each.
 *
 * CDK's EdgeFunction puts it in the edge stack (us-east-1, the only region CloudFront takes it from)
 * and hands its version ARN over through an SSM parameter read at every deploy: unlike a
 * cross-region export, that ARN may change whenever the function's code does.
 */
export class ThrottleEnvelope extends Construct {
  readonly version: IVersion;
  /** The function itself, in the edge stack (for its cdk-nag acknowledgements). */
  readonly function: IConstruct;

  constructor(scope: Construct, id: string, props: { edgeStackId: string }) {
    super(scope, id);
    const fn = new experimental.EdgeFunction(this, 'GovexThrottleEnvelope', {
      stackId: props.edgeStackId,
      description: 'Govex: API Gateway 429s get the API error envelope (origin response)',
      runtime: Runtime.NODEJS_22_X,
      // Lambda@Edge runs x86_64 only.
      architecture: Architecture.X86_64,
      handler: 'index.handler',
      code: Code.fromInline(throttleEnvelopeSource()),
      memorySize: 128,
      timeout: Duration.seconds(5),
    });
    this.version = fn.currentVersion;
    this.function = fn.lambda;
  }
}
