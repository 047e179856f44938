import type { App } from 'aws-cdk-lib';
import { govexContextFrom } from './appContext.js';
import { EDGE_STACK_ID, GovexEdgeStack } from './edgeStack.js';
import { GovexStack } from './govexStack.js';

export interface GovexStacks {
  edge: GovexEdgeStack;
  service: GovexStack;
}

/**
 * The app's two stacks: `GovexEdge` in us-east-1 (the web ACL and the Lambda@Edge function CloudFront
 * takes from there only) and `Govex`, the service, in the given region. `npx cdk deploy --all`
 * deploys the edge stack first: the service reads its ARNs. Bad context is an InfraConfigError.
 */
export function addGovexStacks(app: App, env: { account?: string; region: string }): GovexStacks {
  const context = govexContextFrom(app.node);
  const edge = new GovexEdgeStack(app, EDGE_STACK_ID, { env, edgeRequestsPerMinute: context.edgeRequestsPerMinute, description: 'Govex: web ACL and Lambda@Edge for its CloudFront distribution (us-east-1)' });
  const service = new GovexStack(app, 'Govex', {
    env,
    description: 'Govex, the Governance Exposure API',
    edge: { stackId: EDGE_STACK_ID, webAclArn: edge.webAclArn },
  });
  return { edge, service };
}
