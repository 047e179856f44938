import { Duration, Fn } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  type BehaviorOptions,
  CachedMethods,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as CloudFrontFunction,
  LambdaEdgeEventType,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginSslPolicy,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { type IVersion } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ORIGIN_HEADER } from '../shared/api/middleware/originGuard.js';
import { OPERATIONS, type OperationName } from '../shared/api/operations.js';
import { PREBUILT_FILES } from '../shared/stores/types.js';
import { errorPage } from '../web/errorPage.js';
import { CONTENT_SECURITY_POLICY, PAGE_SECURITY_HEADERS, STRICT_TRANSPORT_MAX_AGE_SECONDS } from '../web/securityHeaders.js';
import { FEED_KEY, LANDING_PAGE } from './feedBucket.js';
import { beside } from './lambdaFunctions.js';

/** Selects the contract line; it changes the answer, so it is part of every cache key and reaches the origin. */
export const VERSION_HEADER = 'api-version';
/** The viewer's address and port as CloudFront saw it: the only client identity the limiter trusts. */
export const VIEWER_ADDRESS_HEADER = 'CloudFront-Viewer-Address';

/**
 * Operations the edge may cache, each at its own path: the unfiltered feed (with a wallet its answer is
 * `private` and CloudFront does not store it), the catalog, the OpenAPI document and llms.txt. Everything
 * else under /api and /w is answered by the origin every time; /p/* is cached (EDGE_CACHED_PATTERNS).
 */
export const EDGE_CACHED_OPERATIONS: readonly OperationName[] = ['proposals', 'index', 'openapi', 'llms'];

/** Patterns the edge may cache as it caches those operations: the proposal pages, made from the stored feed alone (issue #21). */
export const EDGE_CACHED_PATTERNS = ['/p/*'] as const;

/** The watch operations (issue #24 item 3), which take the watch's secret as `Authorization: Bearer`. */
export const WATCH_PATH_PATTERN = '/api/watches*';

/**
 * The watch operations' policies: CloudFront forwards Authorization only as part of a cache key (an
 * origin request policy may not name it), so their cache policy names it, with a TTL of at most a
 * second that their `no-store` answers never use: nothing is stored, and two secrets never share a
 * key. The rest as the uncached routes: the version, the query, the body's Content-Type and the viewer
 * address for the limiter.
 */
function bearerPassThrough(scope: Construct): Pick<BehaviorOptions, 'cachePolicy' | 'originRequestPolicy'> {
  return {
    cachePolicy: new CachePolicy(scope, 'BearerPassThrough', {
      comment: 'Govex: the watch operations; Authorization forwarded (answers are no-store)',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization', VERSION_HEADER),
      queryStringBehavior: CacheQueryStringBehavior.all(),
    }),
    originRequestPolicy: new OriginRequestPolicy(scope, 'WatchRequest', {
      comment: 'Govex: viewer address and Content-Type for the watch operations',
      headerBehavior: OriginRequestHeaderBehavior.allowList(VIEWER_ADDRESS_HEADER, 'content-type'),
    }),
  };
}

/** Path patterns sent to the API; the rest of the site comes from the bucket. */
export const API_PATH_PATTERNS = ['/api', '/api/*', '/llms.txt', '/w/*', '/p/*', '/mcp'] as const;

/**
 * The bucket's keys anyone may read through the distribution: the prebuilt pages beside the feed and
 * the stylesheet's folder. The raw feed object is not among them (issue #19): the API serves the feed.
 */
export const PUBLIC_BUCKET_KEYS: readonly string[] = [...PREBUILT_FILES.map((name) => beside(FEED_KEY, name)), 'assets/*'];

export interface CdnProps {
  bucket: IBucket;
  api: IHttpApi;
  /** The origin secret as a deploy-time reference (infra/originSecret.ts), never its value. */
  originHeaderValue: string;
  /** The web ACL in us-east-1 (infra/edgeStack.ts). */
  webAclArn: string;
  /** The Lambda@Edge version that gives API Gateway's 429s the envelope (infra/throttleEnvelope.ts). */
  throttleEnvelope: IVersion;
}

/** The CloudFront distribution: the one public address of the service. */
export class Cdn extends Construct {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: CdnProps) {
    super(scope, id);

    // `https://{id}.execute-api.{region}.amazonaws.com` → the host name. This refers to the Api resource
    // only (not its routes), which is what keeps the functions' PUBLIC_BASE_URL free of a cycle.
    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.api.apiEndpoint)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      // Proves to the handlers that the request came through this distribution (originGuard).
      customHeaders: { [ORIGIN_HEADER]: props.originHeaderValue },
    });

    // Honour the origin: cache for as long as its Cache-Control allows, at most 5 minutes, and not at all
    // when it sends none, `private` or `no-store` (minimum TTL 0 lets those through uncached).
    const honourOrigin = new CachePolicy(this, 'HonourOriginCache', {
      comment: 'Govex: origin Cache-Control, at most 5 minutes; api-version and query in the key',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.minutes(5),
      headerBehavior: CacheHeaderBehavior.allowList(VERSION_HEADER),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // Headers in a cache policy already reach the origin; this adds only what must not split the cache.
    const cachedApiRequest = new OriginRequestPolicy(this, 'CachedApiRequest', {
      comment: 'Govex: viewer address for the limiter on cache misses',
      headerBehavior: OriginRequestHeaderBehavior.allowList(VIEWER_ADDRESS_HEADER),
    });
    // Uncached routes: nothing is in a cache key, so the version and the query must be sent explicitly,
    // and so must what CloudFront forwards only when told (it adds Host, User-Agent and its own id):
    // a POST body's Content-Type (POST /api/simulate answers 415 without it), If-None-Match (a
    // scan's 304) and If-Modified-Since (a wallet feed's or calendar's 304, as feed readers and
    // calendars send it); Accept and MCP-Protocol-Version, without which /mcp answers a 2025 client
    // 406 and cannot tell the two protocol eras apart. Host is never forwarded: API Gateway routes on its own host name.
    const uncachedApiRequest = new OriginRequestPolicy(this, 'UncachedApiRequest', {
      comment: 'Govex: api-version, viewer address, Content-Type, If-None-Match, If-Modified-Since, Accept, MCP-Protocol-Version and every query parameter',
      headerBehavior: OriginRequestHeaderBehavior.allowList(VERSION_HEADER, VIEWER_ADDRESS_HEADER, 'content-type', 'if-none-match', 'if-modified-since', 'accept', 'mcp-protocol-version'),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    });
    // The bucket's objects carry their own Cache-Control (5 minutes); objects without one get the same.
    const bucketObjects = new CachePolicy(this, 'BucketObjectsCache', {
      comment: 'Govex: bucket objects, 5 minutes',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.minutes(5),
      maxTtl: Duration.minutes(5),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    // The bucket's pages (the prebuilt index, the Atom feed, the stylesheet) get the headers the page
    // function sends itself: S3 objects cannot carry a CSP, so the edge adds it (web/securityHeaders.ts).
    const strictTransportSecurity = { accessControlMaxAge: Duration.seconds(STRICT_TRANSPORT_MAX_AGE_SECONDS), includeSubdomains: true, override: true };
    const pageSecurity = new ResponseHeadersPolicy(this, 'PageSecurityHeaders', {
      comment: 'Govex: CSP without script, HSTS, nosniff, no referrer, never framed',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
        strictTransportSecurity,
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      },
    });
    // The API's answers carry both already (shared/api/middleware/responseHeaders.ts); the edge makes
    // sure of it for every answer it sends, the web ACL's and API Gateway's own included. The page's
    // CSP is the page function's to send, so it is not set here.
    const apiSecurity = new ResponseHeadersPolicy(this, 'ApiSecurityHeaders', {
      comment: 'Govex: HSTS and nosniff on every API answer',
      securityHeadersBehavior: { strictTransportSecurity, contentTypeOptions: { override: true } },
    });
    // API Gateway's own 429 (a route's throttle) becomes the contract's envelope on its way out.
    const edgeLambdas = [{ functionVersion: props.throttleEnvelope, eventType: LambdaEdgeEventType.ORIGIN_RESPONSE }];

    const api = (cached: boolean): BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      // Every method reaches the handlers, which answer OPTIONS and 405 with the envelope and CORS.
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachedMethods: CachedMethods.CACHE_GET_HEAD,
      cachePolicy: cached ? honourOrigin : CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cached ? cachedApiRequest : uncachedApiRequest,
      responseHeadersPolicy: apiSecurity,
      edgeLambdas,
      compress: true,
    });

    const additionalBehaviors: Record<string, BehaviorOptions> = {};
    // Exact paths first: CloudFront takes the first pattern that matches, in this order.
    for (const operation of EDGE_CACHED_OPERATIONS) additionalBehaviors[OPERATIONS[operation].path] = api(true);
    for (const pattern of EDGE_CACHED_PATTERNS) additionalBehaviors[pattern] = api(true);
    additionalBehaviors[WATCH_PATH_PATTERN] = { ...api(false), ...bearerPassThrough(this) };
    for (const pattern of API_PATH_PATTERNS) additionalBehaviors[pattern] ??= api(false);

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Govex: the Governance Exposure API',
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultRootObject: LANDING_PAGE,
      webAclId: props.webAclArn,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: bucketObjects,
        responseHeadersPolicy: pageSecurity,
        functionAssociations: [{ function: publicFilesOnly(this), eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors,
    });

    // The origin access control's grant covers the whole bucket; this takes back all but the public
    // keys, so the raw feed stays private even for a request the viewer function would let through.
    props.bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'DistributionReadsPublicFilesOnly',
        effect: Effect.DENY,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        notResources: PUBLIC_BUCKET_KEYS.map((key) => props.bucket.arnForObjects(key)),
      }),
    );
  }
}

/** Viewer paths of the public bucket keys (`/` is the landing page, the default root object). */
export const PUBLIC_BUCKET_PATHS = ['/', ...PUBLIC_BUCKET_KEYS.filter((key) => !key.endsWith('*')).map((key) => `/${key}`)];

/**
 * The CloudFront Function (viewer request) of the bucket's behaviour: the public files pass, anything
 * else (the raw feed, a guessed key) is a 404 page answered at the edge, without reaching S3.
 */
export function publicFilesOnlySource(): string {
  const notFound = errorPage({ status: 404, title: 'Nothing here', message: 'There is no page at this address.' });
  const headers = Object.fromEntries(
    Object.entries({ ...PAGE_SECURITY_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).map(([name, value]) => [name.toLowerCase(), { value }]),
  );
  const prefixes = PUBLIC_BUCKET_KEYS.filter((key) => key.endsWith('*')).map((key) => `/${key.slice(0, -1)}`);
  return `var PATHS = ${JSON.stringify(Object.fromEntries(PUBLIC_BUCKET_PATHS.map((path) => [path, true])))};
var PREFIXES = ${JSON.stringify(prefixes)};
var NOT_FOUND = ${JSON.stringify({ statusCode: 404, statusDescription: 'Not Found', headers, body: { encoding: 'text', data: notFound } })};
function handler(event) {
  var uri = event.request.uri;
  if (uri.indexOf('..') === -1 && (PATHS[uri] === true || PREFIXES.some(function (prefix) { return uri.startsWith(prefix); }))) return event.request;
  return NOT_FOUND;
}
`;
}

const publicFilesOnly = (scope: Construct) =>
  new CloudFrontFunction(scope, 'PublicFilesOnly', {
    comment: 'Govex: the bucket serves the prebuilt pages and assets only',
    runtime: FunctionRuntime.JS_2_0,
    code: FunctionCode.fromInline(publicFilesOnlySource()),
  });
