import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { API_PATH_PATTERNS, EDGE_CACHED_OPERATIONS, PUBLIC_BUCKET_KEYS, publicFilesOnlySource } from '../../infra/cdn.js';
import { ORIGIN_HEADER } from '../../shared/api/middleware/originGuard.js';
import { OPERATIONS } from '../../shared/api/operations.js';
import { CONTENT_SECURITY_POLICY } from '../../web/securityHeaders.js';
import { govex, resourcesOf, synthesizeBeforeAll } from './synthGovex.js';

synthesizeBeforeAll();

// AWS's managed CachingDisabled policy.
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';

function distributionConfig() {
  const { template } = govex();
  const [distribution] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
  return distribution!.Properties.DistributionConfig;
}

const behaviourAt = (pattern: string) => distributionConfig().CacheBehaviors.find((behaviour: any) => behaviour.PathPattern === pattern);
const policyOf = (type: string, ref: { Ref: string }) => resourcesOf(govex().template, type)[ref.Ref]!.Properties;
const HSTS = { AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true };
const originOf = (behaviour: any) => distributionConfig().Origins.find((origin: any) => origin.Id === behaviour.TargetOriginId);

describe('CloudFront', () => {
  it('sends /api, /api/*, /llms.txt, /w/*, /p/* and /mcp to the API, and the rest to the bucket', () => {
    const config = distributionConfig();
    const patterns = config.CacheBehaviors.map((behaviour: any) => behaviour.PathPattern);
    // The watch operations' own behaviour (Authorization forwarded) comes before /api/*: test/webhooks/infra.test.ts.
    expect(patterns).toEqual(['/api/proposals', '/api', '/api/openapi.json', '/llms.txt', '/p/*', '/api/watches*', '/api/*', '/w/*', '/mcp']);
    for (const pattern of patterns) expect(originOf(behaviourAt(pattern)).CustomOriginConfig, pattern).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    expect(originOf(config.DefaultCacheBehavior).S3OriginConfig).toBeDefined();
    expect(config.DefaultRootObject).toBe('index.html');
  });

  it('reads the bucket through origin access control, signing every request', () => {
    const { template } = govex();
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' },
    });
    expect(originOf(distributionConfig().DefaultCacheBehavior).OriginAccessControlId).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Id'] });
  });

  it('adds the origin secret header to every API request, as a Secrets Manager reference resolved at deploy', () => {
    const apiOrigin = originOf(behaviourAt('/api/*'));
    const [secretId] = Object.keys(resourcesOf(govex().template, 'AWS::SecretsManager::Secret'));
    expect(apiOrigin.OriginCustomHeaders).toEqual([
      { HeaderName: ORIGIN_HEADER, HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] } },
    ]);
  });

  it.each([...EDGE_CACHED_OPERATIONS, 'proposalPage'] as const)('caches %s for at most 5 minutes, as the origin says, keyed by api-version and query', (operation) => {
    const behaviour = behaviourAt(operation === 'proposalPage' ? '/p/*' : OPERATIONS[operation].path);
    expect(OPERATIONS[operation].cacheControl).toMatch(/^public, max-age=\d+$/);
    const { CachePolicyConfig } = policyOf('AWS::CloudFront::CachePolicy', behaviour.CachePolicyId);
    expect(CachePolicyConfig).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 300,
      ParametersInCacheKeyAndForwardedToOrigin: {
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['api-version'] },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        CookiesConfig: { CookieBehavior: 'none' },
      },
    });
    const { OriginRequestPolicyConfig } = policyOf('AWS::CloudFront::OriginRequestPolicy', behaviour.OriginRequestPolicyId);
    expect(OriginRequestPolicyConfig.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: ['CloudFront-Viewer-Address'] });
  });

  it.each(['/api/*', '/w/*', '/mcp'])('never caches %s (scans, positions, detail, ens, the page, MCP) and forwards api-version, the viewer address, a body\'s Content-Type, If-None-Match, If-Modified-Since, Accept, MCP-Protocol-Version and the query', (pattern) => {
    const behaviour = behaviourAt(pattern);
    expect(behaviour.CachePolicyId).toBe(CACHING_DISABLED);
    const { OriginRequestPolicyConfig } = policyOf('AWS::CloudFront::OriginRequestPolicy', behaviour.OriginRequestPolicyId);
    expect(OriginRequestPolicyConfig).toMatchObject({
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['api-version', 'CloudFront-Viewer-Address', 'content-type', 'if-none-match', 'if-modified-since', 'accept', 'mcp-protocol-version'] },
      QueryStringsConfig: { QueryStringBehavior: 'all' },
      CookiesConfig: { CookieBehavior: 'none' },
    });
  });

  it('lets every method reach the API, so the handlers answer OPTIONS and 405 themselves', () => {
    for (const pattern of API_PATH_PATTERNS) {
      expect(behaviourAt(pattern).AllowedMethods, pattern).toEqual(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']);
      expect(behaviourAt(pattern).ViewerProtocolPolicy).toBe('redirect-to-https');
    }
  });

  it('never forwards Host to API Gateway, which routes on its own host name', () => {
    for (const policy of Object.values(resourcesOf(govex().template, 'AWS::CloudFront::OriginRequestPolicy'))) {
      expect(policy.Properties.OriginRequestPolicyConfig.HeadersConfig.Headers.map((name: string) => name.toLowerCase())).not.toContain('host');
    }
  });

  it('sends the pages\' security headers with every bucket object (the prebuilt index, the Atom feed, the stylesheet)', () => {
    const { ResponseHeadersPolicyConfig } = policyOf('AWS::CloudFront::ResponseHeadersPolicy', distributionConfig().DefaultCacheBehavior.ResponseHeadersPolicyId);
    expect(ResponseHeadersPolicyConfig.SecurityHeadersConfig).toEqual({
      ContentSecurityPolicy: { ContentSecurityPolicy: CONTENT_SECURITY_POLICY, Override: true },
      StrictTransportSecurity: HSTS,
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
    });
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src|unsafe-inline/);
  });

  it.each(API_PATH_PATTERNS)('sends HSTS and nosniff with every answer of %s, the web ACL\'s and API Gateway\'s own included', (pattern) => {
    const { ResponseHeadersPolicyConfig } = policyOf('AWS::CloudFront::ResponseHeadersPolicy', behaviourAt(pattern).ResponseHeadersPolicyId);
    expect(ResponseHeadersPolicyConfig.SecurityHeadersConfig).toEqual({ StrictTransportSecurity: HSTS, ContentTypeOptions: { Override: true } });
    for (const operation of EDGE_CACHED_OPERATIONS) expect(behaviourAt(OPERATIONS[operation].path).ResponseHeadersPolicyId).toEqual(behaviourAt(pattern).ResponseHeadersPolicyId);
  });

  it('keeps bucket objects (the prebuilt index, the Atom feed, the stylesheet) for at most 5 minutes', () => {
    const { CachePolicyConfig } = policyOf('AWS::CloudFront::CachePolicy', distributionConfig().DefaultCacheBehavior.CachePolicyId);
    expect(CachePolicyConfig).toMatchObject({ MinTTL: 0, DefaultTTL: 300, MaxTTL: 300 });
  });
});

describe('the bucket behind CloudFront', () => {
  /** Runs the viewer-request function's own code, as CloudFront Functions would, on one path. */
  const viewerRequest = (uri: string) => {
    const sandbox: { handler?: (event: unknown) => any } = {};
    runInNewContext(`${publicFilesOnlySource()}\nthis.handler = handler;`, sandbox);
    return sandbox.handler!({ request: { uri, method: 'GET', headers: {}, querystring: {} } });
  };

  it('lets through only the landing page, the prebuilt pages and the assets', () => {
    for (const uri of ['/', '/index.html', '/feed.atom', '/assets/govex.css']) expect(viewerRequest(uri), uri).toMatchObject({ uri });
  });

  it.each(['/feed.json', '/feeds/feed.json', '/assets/../feed.json', '/index.html.bak', '/__proto__', '/FEED.JSON'])('answers %s with a 404 page from the edge, never the bucket', (uri) => {
    const response = viewerRequest(uri);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toEqual({ value: 'text/html; charset=utf-8' });
    expect(response.headers['content-security-policy']).toEqual({ value: CONTENT_SECURITY_POLICY });
    expect(response.headers['strict-transport-security'].value).toMatch(/^max-age=/);
    expect(response.body.data).toContain('Nothing here');
    expect(response.body.data).not.toMatch(/<script/);
  });

  it('runs that function on every request of the bucket\'s behaviour, in the JS 2.0 runtime, within the 10 KB code limit', () => {
    const [association] = distributionConfig().DefaultCacheBehavior.FunctionAssociations;
    expect(association.EventType).toBe('viewer-request');
    const fn = resourcesOf(govex().template, 'AWS::CloudFront::Function')[association.FunctionARN['Fn::GetAtt'][0]]!;
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(fn.Properties.FunctionCode).toBe(publicFilesOnlySource());
    expect(Buffer.byteLength(publicFilesOnlySource())).toBeLessThan(10 * 1024);
  });

  it('denies the distribution every object but the public ones, so the raw feed stays private', () => {
    expect(PUBLIC_BUCKET_KEYS).toEqual(['index.html', 'feed.atom', 'assets/*']);
    const [bucketId] = Object.keys(resourcesOf(govex().template, 'AWS::S3::Bucket'));
    const [policy] = Object.values(resourcesOf(govex().template, 'AWS::S3::BucketPolicy'));
    const deny = policy!.Properties.PolicyDocument.Statement.find((statement: any) => statement.Sid === 'DistributionReadsPublicFilesOnly');
    expect(deny).toEqual({
      Sid: 'DistributionReadsPublicFilesOnly',
      Effect: 'Deny',
      Principal: { Service: 'cloudfront.amazonaws.com' },
      Action: 's3:GetObject',
      NotResource: PUBLIC_BUCKET_KEYS.map((key) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, `/${key}`]] })),
    });
  });
});
