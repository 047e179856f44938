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
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ORIGIN_HEADER } from '../shared/api/middleware/originGuard.js';
import { OPERATIONS, type OperationName } from '../shared/api/operations.js';
import { CONTENT_SECURITY_POLICY } from '../web/securityHeaders.js';
import { LANDING_PAGE } from './feedBucket.js';

/** Selects the contract line; it changes the answer, so it is part of every cache key and reaches the origin. */
export const VERSION_HEADER = 'api-version';
/** The viewer's address and port as CloudFront saw it: the only client identity the limiter trusts. */
export const VIEWER_ADDRESS_HEADER = 'CloudFront-Viewer-Address';

/**
 * Operations the edge may cache, each at its own path: the unfiltered feed (with a wallet its answer is
 * `private` and CloudFront does not store it), the catalog, the OpenAPI document and llms.txt. Everything
 * else under /api and /w is answered by the origin every time.
 */
export const EDGE_CACHED_OPERATIONS: readonly OperationName[] = ['proposals', 'index', 'openapi', 'llms'];

/** Path patterns sent to the API; the rest of the site comes from the bucket. */
export const API_PATH_PATTERNS = ['/api', '/api/*', '/llms.txt', '/w/*'] as const;

export interface CdnProps {
  bucket: IBucket;
  api: IHttpApi;
  originSecret: string;
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
      customHeaders: { [ORIGIN_HEADER]: props.originSecret },
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
    // Uncached routes: nothing is in a cache key, so the version and the query must be sent explicitly.
    // Host is never forwarded: API Gateway routes on its own host name.
    const uncachedApiRequest = new OriginRequestPolicy(this, 'UncachedApiRequest', {
      comment: 'Govex: api-version, viewer address and every query parameter',
      headerBehavior: OriginRequestHeaderBehavior.allowList(VERSION_HEADER, VIEWER_ADDRESS_HEADER),
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
    const pageSecurity = new ResponseHeadersPolicy(this, 'PageSecurityHeaders', {
      comment: 'Govex: CSP without script, nosniff, no referrer, never framed',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      },
    });

    const api = (cached: boolean): BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      // Every method reaches the handlers, which answer OPTIONS and 405 with the envelope and CORS.
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachedMethods: CachedMethods.CACHE_GET_HEAD,
      cachePolicy: cached ? honourOrigin : CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cached ? cachedApiRequest : uncachedApiRequest,
      compress: true,
    });

    const additionalBehaviors: Record<string, BehaviorOptions> = {};
    // Exact paths first: CloudFront takes the first pattern that matches, in this order.
    for (const operation of EDGE_CACHED_OPERATIONS) additionalBehaviors[OPERATIONS[operation].path] = api(true);
    for (const pattern of API_PATH_PATTERNS) additionalBehaviors[pattern] ??= api(false);

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Govex: the Governance Exposure API',
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultRootObject: LANDING_PAGE,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: bucketObjects,
        responseHeadersPolicy: pageSecurity,
        compress: true,
      },
      additionalBehaviors,
    });
  }
}
