import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { OPERATIONS } from '../shared/api/operations.js';
import { ROUTES } from '../shared/api/routes.js';

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

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // No default stage from HttpApi: the stage below carries throttling and access logs.
    this.api = new HttpApi(this, 'Api', { createDefaultStage: false, description: 'Govex, behind its CloudFront distribution' });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.TWO_WEEKS, removalPolicy: RemovalPolicy.DESTROY });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      // A ceiling on the bill, not the per-client limit (that is the limiter in the handlers): a flood
      // from many addresses stops here instead of fanning out to Lambda and the upstream RPCs.
      throttle: { rateLimit: 100, burstLimit: 200 },
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
    for (const { operation, entry } of ROUTES) {
      this.api.addRoutes({ path: OPERATIONS[operation].path, methods: [HttpMethod.ANY], integration: integrationOf(entry) });
    }
    // CloudFront sends only /api, /api/*, /llms.txt and /w/* here; anything of those no route takes
    // (`/w/` with no address, `/api/`) still gets the JSON 404 envelope, never API Gateway's own body.
    new HttpRoute(this, 'CatchAll', { httpApi: this.api, routeKey: HttpRouteKey.DEFAULT, integration: integrationOf(CATCH_ALL_ENTRY) });
  }
}
