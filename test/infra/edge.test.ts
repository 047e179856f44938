import { runInNewContext } from 'node:vm';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { API_PATH_PATTERNS, EDGE_CACHED_OPERATIONS } from '../../infra/cdn.js';
import { InfraConfigError } from '../../infra/appContext.js';
import { addGovexStacks } from '../../infra/govexApp.js';
import { throttleEnvelopeSource } from '../../infra/throttleEnvelope.js';
import { OPERATIONS } from '../../shared/api/operations.js';
import { ErrorEnvelope } from '../../shared/contract/common.js';
import { API_VERSION } from '../../shared/contract/version.js';
import { govex, govexApp, resourcesOf, TEST_REGION, synthesizeBeforeAll } from './synthGovex.js';

synthesizeBeforeAll();

const webAclOf = (template: Template) => Object.values(resourcesOf(template, 'AWS::WAFv2::WebACL'))[0]!.Properties;
const distributionConfig = () => Object.values(resourcesOf(govex().template, 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;

describe('the web ACL', () => {
  it('is a CLOUDFRONT web ACL in its own us-east-1 stack, on the distribution of the service\'s region', () => {
    const { edge, stack, edgeTemplate } = govex();
    expect(edge.region).toBe('us-east-1');
    expect(stack.region).toBe(TEST_REGION);
    expect(webAclOf(edgeTemplate)).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    // Read across regions: an SSM parameter the edge stack writes into the service's region.
    expect(distributionConfig().WebACLId).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^ExportsReader/), expect.stringMatching(/WebAcl.*Arn/)] });
    expect(Object.values(resourcesOf(edgeTemplate, 'Custom::CrossRegionExportWriter'))).toHaveLength(1);
  });

  it('limits each client address to 300 requests a minute first, answering 429 with the API\'s envelope and headers', () => {
    const acl = webAclOf(govex().edgeTemplate);
    const [rule] = acl.Rules;
    expect(rule).toMatchObject({ Priority: 0, Statement: { RateBasedStatement: { AggregateKeyType: 'IP', Limit: 300, EvaluationWindowSec: 60 } } });
    const { CustomResponse } = rule.Action.Block;
    expect(CustomResponse.ResponseCode).toBe(429);
    const body = acl.CustomResponseBodies[CustomResponse.CustomResponseBodyKey];
    expect(body.ContentType).toBe('APPLICATION_JSON');
    const envelope = ErrorEnvelope.parse(JSON.parse(body.Content));
    expect(envelope).toMatchObject({ code: 'rate_limited', error: expect.stringContaining('retry in 60 s') });
    const headers = Object.fromEntries(CustomResponse.ResponseHeaders.map(({ Name, Value }: { Name: string; Value: string }) => [Name, Value]));
    expect(headers).toMatchObject({
      'Retry-After': '60',
      'Cache-Control': 'no-store',
      'Access-Control-Allow-Origin': '*',
      'x-api-version': API_VERSION,
      'Strict-Transport-Security': expect.stringMatching(/^max-age=\d+; includeSubDomains$/),
      'X-Content-Type-Options': 'nosniff',
    });
    expect(headers['Access-Control-Expose-Headers']).toContain('Retry-After');
    // WAF refuses content-type among custom headers: the body's type sets it.
    expect(Object.keys(headers).map((name) => name.toLowerCase())).not.toContain('content-type');
  });

  it('runs AWS\'s known-bad-inputs and common rule sets, counting only the common set\'s missing-User-Agent rule', () => {
    const groups = webAclOf(govex().edgeTemplate).Rules.slice(1);
    expect(groups.map((rule: any) => rule.Statement.ManagedRuleGroupStatement.Name)).toEqual(['AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesCommonRuleSet']);
    for (const rule of groups) expect(rule.OverrideAction).toEqual({ None: {} });
    expect(groups[0].Statement.ManagedRuleGroupStatement.RuleActionOverrides).toBeUndefined();
    expect(groups[1].Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([{ Name: 'NoUserAgent_HEADER', ActionToUse: { Count: {} } }]);
  });

  it('takes its per-address limit from context, checked', () => {
    const { app } = govexApp({ edgeRequestsPerMinute: '120' });
    const { edge } = addGovexStacks(app, { region: TEST_REGION });
    expect(webAclOf(Template.fromStack(edge)).Rules[0].Statement.RateBasedStatement.Limit).toBe(120);
    for (const bad of ['9', 'lots', '12.5', -300, '']) {
      expect(() => addGovexStacks(govexApp({ edgeRequestsPerMinute: bad }).app, { region: TEST_REGION }), String(bad)).toThrow(InfraConfigError);
    }
  });
});

describe('API Gateway\'s own 429 at the edge', () => {
  /** Runs the Lambda@Edge code itself on an origin response, as CloudFront hands it over. */
  async function originResponse(status: string, headers: Record<string, { key: string; value: string }[]>) {
    const sandbox: { exports: { handler?: (event: unknown) => Promise<any> } } = { exports: {} };
    runInNewContext(throttleEnvelopeSource(), sandbox);
    return sandbox.exports.handler!({ Records: [{ cf: { config: {}, request: { uri: '/api/scan/x' }, response: { status, statusDescription: 'x', headers } } }] });
  }

  it('rewrites API Gateway\'s body into the envelope, with Retry-After, CORS, the version and the security headers', async () => {
    const response = await originResponse('429', {
      'content-type': [{ key: 'Content-Type', value: 'application/json' }],
      'content-length': [{ key: 'Content-Length', value: '31' }],
      apigw: [{ key: 'Apigw-Requestid', value: 'abc' }],
    });
    expect(response.status).toBe('429');
    expect(ErrorEnvelope.parse(JSON.parse(response.body))).toMatchObject({ code: 'rate_limited' });
    expect(response.bodyEncoding).toBe('text');
    expect(response.headers['content-type']).toEqual([{ key: 'Content-Type', value: 'application/json; charset=utf-8' }]);
    expect(response.headers['retry-after']).toEqual([{ key: 'Retry-After', value: '1' }]);
    expect(response.headers['access-control-allow-origin']).toEqual([{ key: 'Access-Control-Allow-Origin', value: '*' }]);
    expect(response.headers['x-api-version']).toEqual([{ key: 'x-api-version', value: API_VERSION }]);
    expect(response.headers['x-content-type-options']).toEqual([{ key: 'X-Content-Type-Options', value: 'nosniff' }]);
    expect(response.headers['content-length']).toBeUndefined();
  });

  it('leaves our own 429 (it carries x-api-version, the client\'s budget and its Retry-After) and every other status alone', async () => {
    const ours = { 'x-api-version': [{ key: 'x-api-version', value: API_VERSION }], 'retry-after': [{ key: 'Retry-After', value: '17' }] };
    const response = await originResponse('429', structuredClone(ours));
    expect(response.headers).toEqual(ours);
    expect(response.body).toBeUndefined();
    expect((await originResponse('200', {})).body).toBeUndefined();
    expect((await originResponse('503', {})).body).toBeUndefined();
  });

  it('runs on the origin response of every API behaviour, from a Lambda@Edge function in the edge stack', () => {
    const config = distributionConfig();
    for (const pattern of [...API_PATH_PATTERNS, ...EDGE_CACHED_OPERATIONS.map((operation) => OPERATIONS[operation].path)]) {
      const behaviour = config.CacheBehaviors.find((candidate: any) => candidate.PathPattern === pattern);
      expect(behaviour.LambdaFunctionAssociations, pattern).toEqual([{ EventType: 'origin-response', LambdaFunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/ArnReader/), 'FunctionArn'] } }]);
    }
    expect(config.DefaultCacheBehavior.LambdaFunctionAssociations).toBeUndefined();
    const edgeFunctions = Object.values(resourcesOf(govex().edgeTemplate, 'AWS::Lambda::Function')).filter((fn) => fn.Properties.Code.ZipFile === throttleEnvelopeSource());
    expect(edgeFunctions).toHaveLength(1);
    expect(edgeFunctions[0]!.Properties).toMatchObject({ Architectures: ['x86_64'], Handler: 'index.handler', MemorySize: 128 });
    expect(edgeFunctions[0]!.Properties).not.toHaveProperty('Environment');
    const role = resourcesOf(govex().edgeTemplate, 'AWS::IAM::Role')[edgeFunctions[0]!.Properties.Role['Fn::GetAtt'][0]]!;
    const services = role.Properties.AssumeRolePolicyDocument.Statement.flatMap((statement: any) => [statement.Principal.Service].flat());
    expect(services).toEqual(expect.arrayContaining(['lambda.amazonaws.com', 'edgelambda.amazonaws.com']));
  });
});
