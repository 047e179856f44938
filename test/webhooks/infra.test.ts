import { describe, expect, it } from 'vitest';
import { WATCH_PATH_PATTERN } from '../../infra/cdn.js';
import { profileOf, WEBHOOK_DELIVERY_ENTRY } from '../../infra/functionProfiles.js';
import { DELIVERY_BATCH_SIZE, MAX_RECEIVES } from '../../infra/webhooks.js';
import { govex, logicalIdOf, resourcesOf, synthesizeBeforeAll } from '../infra/synthGovex.js';

synthesizeBeforeAll();

const queues = () => resourcesOf(govex().template, 'AWS::SQS::Queue');
const jobsQueueId = () => Object.keys(queues()).find((id) => id.includes('Jobs'))!;
const deadLettersId = () => Object.keys(queues()).find((id) => id.includes('DeadLetters'))!;

describe('signed webhooks in AWS (issue #24 item 3)', () => {
  it('puts a queue with a dead-letter queue between the feed builder and the delivery function', () => {
    expect(Object.keys(queues())).toHaveLength(2);
    const jobs = queues()[jobsQueueId()]!.Properties;
    expect(jobs.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [deadLettersId(), 'Arn'] }, maxReceiveCount: MAX_RECEIVES });
    // Six times the delivery function's timeout: a job is never handed to a second invocation while the first runs it.
    expect(jobs.VisibilityTimeout).toBe(profileOf(WEBHOOK_DELIVERY_ENTRY).timeout.toSeconds() * 6);
    const { stack, template } = govex();
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [jobsQueueId(), 'Arn'] },
      FunctionName: { Ref: logicalIdOf(stack.functions.get(WEBHOOK_DELIVERY_ENTRY)) },
      BatchSize: DELIVERY_BATCH_SIZE,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('raises an alarm on the first message in the dead-letter queue', () => {
    govex().template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [deadLettersId(), 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it("gives the watch functions the table's watch partition only, and the queue's URL where they send jobs", () => {
    const { stack, template } = govex();
    const policies = Object.values(resourcesOf(template, 'AWS::IAM::Policy'));
    for (const entry of ['watches', WEBHOOK_DELIVERY_ENTRY]) {
      const roleId = logicalIdOf(stack.functions.get(entry).role!);
      const statements = policies.filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId)).flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Condition?: unknown }[]);
      const watchStatement = statements.find((statement) => [statement.Action].flat().includes('dynamodb:Query'));
      expect(watchStatement?.Condition, entry).toEqual({ 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['watch'] } });
      const env = resourcesOf(template, 'AWS::Lambda::Function')[logicalIdOf(stack.functions.get(entry))]!.Properties.Environment.Variables;
      expect(env.WATCHES_TABLE_NAME, entry).toEqual(env.TABLE_NAME);
      expect(env.WEBHOOK_ALLOW_LOOPBACK, entry).toBeUndefined();
    }
    for (const entry of ['buildFeed', WEBHOOK_DELIVERY_ENTRY]) {
      const env = resourcesOf(template, 'AWS::Lambda::Function')[logicalIdOf(stack.functions.get(entry))]!.Properties.Environment.Variables;
      expect(env.WEBHOOK_QUEUE_URL, entry).toEqual({ Ref: jobsQueueId() });
    }
  });

  it('forwards Authorization to the watch operations through CloudFront, in a cache key that stores nothing', () => {
    const { template } = govex();
    const distribution = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    const behaviour = (distribution.CacheBehaviors as { PathPattern: string; CachePolicyId: { Ref: string }; AllowedMethods: string[] }[]).find((candidate) => candidate.PathPattern === WATCH_PATH_PATTERN)!;
    expect(behaviour.AllowedMethods).toContain('DELETE');
    const order = (distribution.CacheBehaviors as { PathPattern: string }[]).map((candidate) => candidate.PathPattern);
    expect(order.indexOf(WATCH_PATH_PATTERN)).toBeLessThan(order.indexOf('/api/*'));
    const policy = resourcesOf(template, 'AWS::CloudFront::CachePolicy')[behaviour.CachePolicyId.Ref]!.Properties.CachePolicyConfig;
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig.Headers).toContain('Authorization');
    expect(policy.MaxTTL).toBeLessThanOrEqual(1);
  });
});
