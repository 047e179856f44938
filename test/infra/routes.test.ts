import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../shared/api/operations.js';
import { ROUTES } from '../../shared/api/routes.js';
import { profileOf, type RouteThrottle } from '../../infra/functionProfiles.js';
import { CATCH_ALL_ENTRY } from '../../infra/httpApi.js';
import { govex, logicalIdOf, resourcesOf, synthesizeBeforeAll } from './synthGovex.js';

synthesizeBeforeAll();

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

  it('has one auto-deployed $default stage with access logs and no stage-wide throttle above the lightest route\'s', () => {
    const { template } = govex();
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: profileOf(CATCH_ALL_ENTRY).throttle.rateLimit, ThrottlingBurstLimit: profileOf(CATCH_ALL_ENTRY).throttle.burstLimit },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^HttpAccessLogs'), 'Arn'] }, Format: Match.stringLikeRegexp('context\\.requestId') },
    });
  });

  it('throttles every route by the function that answers it, and waits for the routes it names', () => {
    const { template } = govex();
    const [stageId, stage] = Object.entries(resourcesOf(template, 'AWS::ApiGatewayV2::Stage'))[0]!;
    const routes: [string, RouteThrottle][] = [
      ...ROUTES.map(({ operation, entry }): [string, RouteThrottle] => [`ANY ${OPERATIONS[operation].path}`, profileOf(entry).throttle]),
      ['$default', profileOf(CATCH_ALL_ENTRY).throttle],
    ];
    const expected = Object.fromEntries(routes.map(([key, { rateLimit, burstLimit }]) => [key, { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit }]));
    expect(stage.Properties.RouteSettings).toEqual(expected);
    const routeIds = Object.keys(resourcesOf(template, 'AWS::ApiGatewayV2::Route'));
    expect(stage.DependsOn).toEqual(expect.arrayContaining(routeIds));
    expect(stageId).toMatch(/^Http/);
  });

  it('gives the wallet routes (scan, positions, the page) the smallest share, and the light ones the largest', () => {
    const rate = (operation: keyof typeof OPERATIONS) => profileOf(ROUTES.find((route) => route.operation === operation)!.entry).throttle.rateLimit;
    for (const heavy of ['scan', 'positions', 'page'] as const) {
      for (const light of ['health', 'index', 'llms'] as const) expect(rate(heavy), `${heavy} < ${light}`).toBeLessThan(rate(light));
    }
    // rate × timeout: the most executions a route can hold at once, each well under Lambda's default 1,000.
    for (const { entry } of ROUTES) expect(profileOf(entry).throttle.rateLimit * profileOf(entry).timeout.toSeconds(), entry).toBeLessThanOrEqual(300);
  });
});
