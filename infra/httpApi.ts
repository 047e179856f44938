import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { type CfnStage, HttpApi, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { OPERATIONS } from '../shared/api/operations.js';
import { ROUTES } from '../shared/api/routes.js';
import { profileOf, type RouteThrottle } from './functionProfiles.js';

// HTTP API variables only (the REST API's standard JSON fields include some an HTTP API rejects). The
// source ip is a CloudFront edge; the client's address is in the function's own logs if anywhere.
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    time: '$context.requestTime',
    method: '$context.httpMethod',
    path: '$context.path',
    routeKey: '$context.routeKey',
    status: '$context.status',
    responseLength: '$context.responseLength',
    integrationLatency: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
  }),
);

/** The entry that answers whatever no route matches. */
export const CATCH_ALL_ENTRY = 'notFound';

/**
 * The API Gateway HTTP API (payload 2.0, as local/toHttpEvent.ts builds). Routes take ANY method: the
 * handlers answer OPTIONS and 405 themselves, with the envelope and CORS, which API Gateway would not.
 */
export class GovexHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // No default stage from HttpApi: the stage below carries throttling and access logs.
    this.api = new HttpApi(this, 'Api', { createDefaultStage: false, description: 'Govex, behind its CloudFront distribution' });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.TWO_WEEKS, removalPolicy: RemovalPolicy.DESTROY });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      // The stage's default applies only where a route has no throttle of its own (addRoutes gives
      // every route one): the catch-all's, the lightest.
      throttle: profileOf(CATCH_ALL_ENTRY).throttle,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: ACCESS_LOG_FORMAT },
    });
  }

  /** Adds every route, and `$default` for paths no route matches, to the given functions. */
  addRoutes(functionFor: (entry: string) => IFunction): void {
    const integrations = new Map<string, HttpLambdaIntegration>();
    const integrationOf = (entry: string) => {
      let integration = integrations.get(entry);
      if (!integration) integrations.set(entry, (integration = new HttpLambdaIntegration(`${entry}Integration`, functionFor(entry))));
      return integration;
    };
    const throttles: Record<string, RouteThrottle> = {};
    for (const { operation, entry } of ROUTES) {
      const { path } = OPERATIONS[operation];
      const [route] = this.api.addRoutes({ path, methods: [HttpMethod.ANY], integration: integrationOf(entry) });
      throttles[HttpRouteKey.with(path, HttpMethod.ANY).key] = profileOf(entry).throttle;
      this.stage.node.addDependency(route!);
    }
    // CloudFront sends only /api, /api/*, /llms.txt, /w/* and /p/* here; anything of those no route takes
    // (`/w/` with no address, `/api/`) still gets the JSON 404 envelope, never API Gateway's own body.
    const catchAll = new HttpRoute(this, 'CatchAll', { httpApi: this.api, routeKey: HttpRouteKey.DEFAULT, integration: integrationOf(CATCH_ALL_ENTRY) });
    throttles[HttpRouteKey.DEFAULT.key] = profileOf(CATCH_ALL_ENTRY).throttle;
    this.stage.node.addDependency(catchAll);
    throttleEachRoute(this.stage, throttles);
  }
}

/**
 * A throttle per route, sized by the function that answers it (infra/functionProfiles.ts), where one
 * stage-wide throttle let a flood of one route (or of refused requests) push every caller of every
 * route into API Gateway's 429. HttpStage has no prop for route settings; the stage waits for the
 * routes, as CloudFormation refuses settings for a route key that does not exist yet.
 */
function throttleEachRoute(stage: HttpStage, throttles: Record<string, RouteThrottle>): void {
  // CfnStage types RouteSettings as plain JSON, written as is: CloudFormation's own casing.
  const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
  for (const [routeKey, { rateLimit, burstLimit }] of Object.entries(throttles)) {
    routeSettings[routeKey] = { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit };
  }
  (stage.node.defaultChild as CfnStage).routeSettings = routeSettings;
}
