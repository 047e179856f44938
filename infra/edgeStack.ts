import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { WebAcl } from './webAcl.js';

/** CloudFront takes its web ACL (scope CLOUDFRONT) and its Lambda@Edge functions from this region only. */
export const EDGE_REGION = 'us-east-1';
/** The stack's id: the service's Lambda@Edge function (infra/throttleEnvelope.ts) is placed in it by this id. */
export const EDGE_STACK_ID = 'GovexEdge';

export interface GovexEdgeStackProps extends StackProps {
  /** The web ACL's per-address limit (context edgeRequestsPerMinute). */
  edgeRequestsPerMinute: number;
}

/**
 * What CloudFront needs from us-east-1, whatever region the service is in: the web ACL, and the
 * Lambda@Edge function that gives API Gateway's 429s the envelope (which the service's stack adds
 * here itself, through CDK's EdgeFunction). Deployed with the service (`npx cdk deploy --all`), first.
 * The service's stack reads the web ACL's ARN through CDK's cross-region references
 * (`crossRegionReferences`: an SSM parameter in the service's region, written by a custom resource
 * here), or as a plain export when the service is in us-east-1 too.
 */
export class GovexEdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: GovexEdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION }, crossRegionReferences: true });
    const webAcl = new WebAcl(this, 'WebAcl', { requestsPerMinute: props.edgeRequestsPerMinute });
    this.webAclArn = webAcl.acl.attrArn;
  }
}
