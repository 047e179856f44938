import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/bundling.js';
import { FEED_BUILDER_ENTRY, FUNCTION_ENTRIES, profileOf } from '../../infra/functionProfiles.js';
import { govex, logicalIdOf, resourcesOf, TEST_ORIGIN_SECRET } from './synthGovex.js';
import { rateLimitSecretFrom } from '../../infra/originSecret.js';

const filesInFunctions = readdirSync(`${PROJECT_ROOT}/functions`).filter((name) => name.endsWith('.ts')).map((name) => name.slice(0, -3));

describe('Lambda functions', () => {
  it('deploys one function per file in functions/, and nothing else', () => {
    expect([...FUNCTION_ENTRIES].sort()).toEqual([...filesInFunctions].sort());
    const { template } = govex();
    // The BucketDeployment handler is CDK's own (Python) and the only other function.
    const functions = Object.values(resourcesOf(template, 'AWS::Lambda::Function'));
    expect(functions.filter((fn) => fn.Properties.Runtime === 'nodejs22.x')).toHaveLength(filesInFunctions.length);
    expect(functions.filter((fn) => fn.Properties.Runtime !== 'nodejs22.x').map((fn) => fn.Properties.Runtime)).toEqual([expect.stringMatching(/^python/)]);
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

  it('hands every function the stores and the limiter key, and only HTTP functions the origin settings', () => {
    const { stack, template } = govex();
    for (const entry of FUNCTION_ENTRIES) {
      const env = resourcesOf(template, 'AWS::Lambda::Function')[logicalIdOf(stack.functions.get(entry))]!.Properties.Environment.Variables;
      expect(env, entry).toMatchObject({
        TABLE_NAME: { Ref: expect.any(String) },
        BUCKET_NAME: { Ref: expect.any(String) },
        FEED_KEY: 'feed.json',
        RATE_LIMIT_SECRET: rateLimitSecretFrom(TEST_ORIGIN_SECRET),
      });
      if (entry === FEED_BUILDER_ENTRY) {
        expect(Object.keys(env)).not.toContain('ORIGIN_SECRET');
        continue;
      }
      expect(env, entry).toMatchObject({
        ORIGIN_SECRET: TEST_ORIGIN_SECRET,
        TRUST_CLOUDFRONT_VIEWER_ADDRESS: 'true',
        PUBLIC_BASE_URL: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^CdnDistribution/), 'DomainName'] }]] },
      });
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
