import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../shared/api/operations.js';
import { ROUTES } from '../../shared/api/routes.js';
import { govex, logicalIdOf, resourcesOf } from './synthGovex.js';

/** Route key → the logical id of the function its integration invokes. */
function routedFunctions(): Map<string, string> {
  const { template } = govex();
  const integrations = resourcesOf(template, 'AWS::ApiGatewayV2::Integration');
  const routes = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route'));
  return new Map(
    routes.map((route) => {
      const integrationId = (route.Properties.Target['Fn::Join'][1][1] as { Ref: string }).Ref;
      const uri = integrations[integrationId]!.Properties.IntegrationUri;
      return [route.Properties.RouteKey as string, uri['Fn::GetAtt'][0] as string];
    }),
  );
}

describe('HTTP API routes', () => {
  it('are exactly shared/api/routes.ts as ANY <path>, plus $default', () => {
    const expected = [...ROUTES.map(({ operation }) => `ANY ${OPERATIONS[operation].path}`), '$default'];
    expect([...routedFunctions().keys()].sort()).toEqual(expected.sort());
  });

  it.each(ROUTES)('sends $operation to the $entry function', ({ operation, entry }) => {
    const { stack } = govex();
    expect(routedFunctions().get(`ANY ${OPERATIONS[operation].path}`)).toBe(logicalIdOf(stack.functions.get(entry)));
  });

  it('sends every unmatched path to notFound', () => {
    const { stack } = govex();
    expect(routedFunctions().get('$default')).toBe(logicalIdOf(stack.functions.get('notFound')));
    expect(routedFunctions().get('ANY /api/{proxy+}')).toBe(logicalIdOf(stack.functions.get('notFound')));
  });

  it('uses payload format 2.0, the event shape local/toHttpEvent.ts builds', () => {
    const { template } = govex();
    for (const integration of Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Integration'))) {
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    }
  });

  it('has one auto-deployed $default stage with a throughput ceiling and access logs', () => {
    const { template } = govex();
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^HttpAccessLogs'), 'Arn'] }, Format: Match.stringLikeRegexp('context\\.requestId') },
    });
  });
});
