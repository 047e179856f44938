import { Duration } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';

/** How often the feed is rebuilt: the contract's "refreshed every 5 minutes". */
export const FEED_INTERVAL = Duration.minutes(5);

/** EventBridge Scheduler invoking the feed builder every 5 minutes. */
export class FeedSchedule extends Construct {
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: { builder: IFunction }) {
    super(scope, id);
    this.schedule = new Schedule(this, 'Schedule', {
      description: 'Govex: rebuild the feed',
      schedule: ScheduleExpression.rate(FEED_INTERVAL),
      target: new LambdaInvoke(props.builder, {
        // No retries: the next build is at most 5 minutes away, and a retry could run beside it.
        retryAttempts: 0,
        maxEventAge: Duration.minutes(1),
      }),
    });
  }
}
