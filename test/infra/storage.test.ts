import { describe, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { govex, synthesizeBeforeAll } from './synthGovex.js';

synthesizeBeforeAll();

describe('the state table', () => {
  it('is one on-demand table keyed pk/sk, expiring items by ttl', () => {
    const { template } = govex();
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith([{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'S' }]),
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
    });
  });

  it('is deleted on teardown: it holds only counters and caches', () => {
    const { template } = govex();
    template.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
  });
});

describe('the feed bucket', () => {
  it('blocks every kind of public access, encrypts, and is kept on teardown', () => {
    const { template } = govex();
    template.resourceCountIs('AWS::S3::Bucket', 1);
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: {
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      },
    });
  });

  it('refuses every request that is not over TLS', () => {
    const { template } = govex();
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 's3:*', Principal: { AWS: '*' }, Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('lets only this distribution read objects (origin access control)', () => {
    const { template } = govex();
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  it('receives the landing page at deploy time without pruning the feed beside it', () => {
    const { template } = govex();
    template.hasResourceProperties('Custom::CDKBucketDeployment', { Prune: false, DestinationBucketName: { Ref: Match.stringLikeRegexp('^FeedBucket') } });
  });
});
