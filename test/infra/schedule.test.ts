import { describe, expect, it } from 'vitest';
import { FEED_BUILDER_ENTRY } from '../../infra/functionProfiles.js';
import { govex, logicalIdOf, resourcesOf, synthesizeBeforeAll } from './synthGovex.js';

synthesizeBeforeAll();

describe('the feed schedule', () => {
  it('invokes the feed builder every 5 minutes, without retries', () => {
    const { stack, template } = govex();
    template.resourceCountIs('AWS::Scheduler::Schedule', 1);
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(5 minutes)',
      State: 'ENABLED',
      Target: {
        Arn: { 'Fn::GetAtt': [logicalIdOf(stack.functions.get(FEED_BUILDER_ENTRY)), 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 60 },
      },
    });
  });

  it('runs as a role that may invoke the feed builder and nothing else', () => {
    const { stack, template } = govex();
    const schedule = Object.values(resourcesOf(template, 'AWS::Scheduler::Schedule'))[0]!;
    const roleId = schedule.Properties.Target.RoleArn['Fn::GetAtt'][0] as string;
    const policies = Object.values(resourcesOf(template, 'AWS::IAM::Policy')).filter((policy) =>
      (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
    );
    const builder = logicalIdOf(stack.functions.get(FEED_BUILDER_ENTRY));
    expect(policies.flatMap((policy) => policy.Properties.PolicyDocument.Statement)).toEqual([
      {
        Effect: 'Allow',
        Action: 'lambda:InvokeFunction',
        Resource: [{ 'Fn::GetAtt': [builder, 'Arn'] }, { 'Fn::Join': ['', [{ 'Fn::GetAtt': [builder, 'Arn'] }, ':*']] }],
      },
    ]);
  });
});
