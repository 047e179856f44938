import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { edgeRateLimited } from './edgeRateLimited.js';

/** The body key of the rate rule's custom answer. */
export const RATE_LIMITED_BODY_KEY = 'rateLimited';
/** The rate rule's window: the same minute as the handlers' limiter. */
export const EDGE_RATE_WINDOW_SECONDS = 60;

/**
 * AWS managed rule groups the web ACL runs, each with the rules it counts instead of blocking. The
 * common rule set blocks requests without a User-Agent: scripts and agents calling a keyless API may
 * well send none, so that rule only counts. Its other rules (oversized query or path, cross-site
 * scripting, local or remote file inclusion in the query or path) match nothing a caller of this
 * read-only GET API sends on purpose.
 */
export const MANAGED_RULE_GROUPS: readonly { name: string; countOnly: readonly string[] }[] = [
  { name: 'AWSManagedRulesKnownBadInputsRuleSet', countOnly: [] },
  { name: 'AWSManagedRulesCommonRuleSet', countOnly: ['NoUserAgent_HEADER'] },
];

export interface WebAclProps {
  /** Requests a client address may send in a minute before the edge answers 429. */
  requestsPerMinute: number;
}

/**
 * The distribution's web ACL (scope CLOUDFRONT, so it must be created in us-east-1: infra/edgeStack.ts).
 * First a rate rule per client address, CloudFront's view of it, as the limiter's: over the limit,
 * the edge answers 429 with the contract's envelope itself, and a flood never reaches API Gateway,
 * whose throttles are shared by every caller. Then AWS's managed rules against known bad inputs.
 */
export class WebAcl extends Construct {
  readonly acl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    const refused = edgeRateLimited(
      `too many requests from this address: over ${props.requestsPerMinute} in ${EDGE_RATE_WINDOW_SECONDS} s at the edge; retry in ${EDGE_RATE_WINDOW_SECONDS} s`,
      EDGE_RATE_WINDOW_SECONDS,
    );
    const { 'Content-Type': _contentType, ...responseHeaders } = refused.headers;
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });

    this.acl = new CfnWebACL(this, 'Acl', {
      scope: 'CLOUDFRONT',
      description: 'Govex: per-address rate limit with the API envelope, and AWS managed rules against bad inputs',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('govex'),
      // WAF sets Content-Type from the body's declared type; it refuses one among the headers.
      customResponseBodies: { [RATE_LIMITED_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: refused.body } },
      rules: [
        {
          name: 'RateLimitPerClientAddress',
          priority: 0,
          statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit: props.requestsPerMinute, evaluationWindowSec: EDGE_RATE_WINDOW_SECONDS } },
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                customResponseBodyKey: RATE_LIMITED_BODY_KEY,
                responseHeaders: Object.entries(responseHeaders).map(([name, value]) => ({ name, value })),
              },
            },
          },
          visibilityConfig: visibility('govex-rate-limit'),
        },
        ...MANAGED_RULE_GROUPS.map(({ name, countOnly }, index) => ({
          name: `AWS-${name}`,
          priority: index + 1,
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name,
              ...(countOnly.length > 0 && { ruleActionOverrides: countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }),
            },
          },
          overrideAction: { none: {} },
          visibilityConfig: visibility(`govex-${name}`),
        })),
      ],
    });
  }
}
