import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/bundling.js';
import { FEED_BUILDER_ENTRY, FUNCTION_ENTRIES, NON_HTTP_ENTRIES, profileOf } from '../../infra/functionProfiles.js';
import { govex, logicalIdOf, resourcesOf, synthesizeBeforeAll } from './synthGovex.js';

synthesizeBeforeAll();

const filesInFunctions = readdirSync(`${PROJECT_ROOT}/functions`).filter((name) => name.endsWith('.ts')).map((name) => name.slice(0, -3));

describe('Lambda functions', () => {
  it('deploys one function per file in functions/, and nothing else', () => {
    expect([...FUNCTION_ENTRIES].sort()).toEqual([...filesInFunctions].sort());
    const { template } = govex();
    // The others are CDK's own custom-resource handlers: BucketDeployment's, and the two that read
    // the edge stack's ARNs from us-east-1 (the web ACL's export, the Lambda@Edge version's parameter).
    const functions = resourcesOf(template, 'AWS::Lambda::Function');
    const ours = Object.keys(functions).filter((id) => functions[id]!.Properties.Runtime === 'nodejs22.x');
    expect(ours).toHaveLength(filesInFunctions.length);
    expect(Object.keys(functions).filter((id) => !ours.includes(id)).map((id) => id.replace(/[0-9A-F]{8,}$/, '')).sort()).toEqual([
      'CustomCDKBucketDeployment',
      'CustomCrossRegionExportReaderCustomResourceProviderHandler',
      'CustomCrossRegionStringParameterReaderCustomResourceProviderHandler',
    ]);
  });

  it.each(FUNCTION_ENTRIES)('%s runs on nodejs22.x, arm64, ESM, with its profile\'s memory and timeout', (entry) => {
    const { stack, template } = govex();
    const profile = profileOf(entry);
    const fn = resourcesOf(template, 'AWS::Lambda::Function')[logicalIdOf(stack.functions.get(entry))]!;
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      // infra/functionCode.ts names each function's ESM entry index.mjs, beside its chunks.
      Handler: 'index.handler',
      MemorySize: profile.memoryMb,
      Timeout: profile.timeout.toSeconds(),
    });
  });

  it('gives every function its own code asset (CDK caches assets by their options: the entry must be among them)', () => {
    const { stack, template } = govex();
    const keys = FUNCTION_ENTRIES.map((entry) => resourcesOf(template, 'AWS::Lambda::Function')[logicalIdOf(stack.functions.get(entry))]!.Properties.Code.S3Key);
    expect(new Set(keys).size).toBe(FUNCTION_ENTRIES.length);
  });

  it('gives every function a log group kept two weeks', () => {
    const { stack, template } = govex();
    const logGroups = resourcesOf(template, 'AWS::Logs::LogGroup');
    for (const entry of FUNCTION_ENTRIES) {
      const fn = resourcesOf(template, 'AWS::Lambda::Function')[logicalIdOf(stack.functions.get(entry))]!;
      const logGroupId = fn.Properties.LoggingConfig.LogGroup.Ref as string;
      expect(logGroups[logGroupId]?.Properties.RetentionInDays, entry).toBe(14);
    }
  });

  it('hands every function the stores, and only HTTP functions the origin secret\'s ARN (never a secret value) and the extension that reads it', () => {
    const { stack, template } = govex();
    const [secretId] = Object.keys(resourcesOf(template, 'AWS::SecretsManager::Secret'));
    for (const entry of FUNCTION_ENTRIES) {
      const fn = resourcesOf(template, 'AWS::Lambda::Function')[logicalIdOf(stack.functions.get(entry))]!.Properties;
      const env = fn.Environment.Variables;
      expect(env, entry).toMatchObject({ TABLE_NAME: { Ref: expect.any(String) }, BUCKET_NAME: { Ref: expect.any(String) }, FEED_KEY: 'feed.json' });
      expect(Object.keys(env), entry).not.toContain('ORIGIN_SECRET');
      expect(Object.keys(env), entry).not.toContain('RATE_LIMIT_SECRET');
      if (NON_HTTP_ENTRIES.includes(entry)) {
        expect(Object.keys(env)).not.toContain('ORIGIN_SECRET_ARN');
        expect(fn.Layers).toBeUndefined();
        continue;
      }
      expect(env, entry).toMatchObject({
        ORIGIN_SECRET_ARN: { Ref: secretId },
        PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: '2773',
        SECRETS_MANAGER_TTL: '300',
        TRUST_CLOUDFRONT_VIEWER_ADDRESS: 'true',
        PUBLIC_BASE_URL: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^CdnDistribution/), 'DomainName'] }]] },
      });
      expect(fn.Layers, entry).toEqual([expect.stringMatching(/^arn:aws:lambda:eu-west-1:\d+:layer:AWS-Parameters-and-Secrets-Lambda-Extension-Arm64:\d+$/)]);
    }
  });

  it('does not retry a failed feed build (the next one is at most five minutes away)', () => {
    const { stack, template } = govex();
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: logicalIdOf(stack.functions.get(FEED_BUILDER_ENTRY)) },
      MaximumRetryAttempts: 0,
    });
  });
});
