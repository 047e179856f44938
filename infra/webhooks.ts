import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** Receipts of one job before it goes to the dead-letter queue: a job that throws five times is a bug, not a receiver's outage (those are retried by schedule, not by SQS). */
export const MAX_RECEIVES = 5;
/** What the delivery function takes per invocation: small, so one slow receiver holds few others. */
export const DELIVERY_BATCH_SIZE = 5;

/**
 * The webhook queue of issue #24 item 3: the feed builder sends a job per build, the delivery
 * function drains it and sends its own retries back with a delay; a job the function fails
 * MAX_RECEIVES times goes to the dead-letter queue, and one message there raises the alarm.
 */
export class WebhookQueues extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;
  readonly alarm: Alarm;

  constructor(scope: Construct, id: string, props: { deliveryTimeout: Duration }) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Two weeks, SQS's most: time to read what failed and send it again by hand.
      retentionPeriod: Duration.days(14),
    });
    this.queue = new Queue(this, 'Jobs', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's advice for a Lambda source: at least six times the function's timeout, so a job is not
      // given to a second invocation while the first still runs it.
      visibilityTimeout: Duration.seconds(props.deliveryTimeout.toSeconds() * 6),
      // A retry waits at most 15 minutes per hop (shared/stores/aws/sqsWebhookQueue.ts); four days covers any hop.
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: MAX_RECEIVES },
    });
    this.alarm = new Alarm(this, 'DeadLettersAlarm', {
      alarmDescription: 'Govex: a webhook job failed five times and is in the dead-letter queue (the delivery function\'s logs say why)',
      metric: this.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /** The delivery function drains the queue, reporting failed jobs one by one (the batch's others are not run again). */
  drainInto(fn: IFunction): void {
    fn.addEventSource(new SqsEventSource(this.queue, { batchSize: DELIVERY_BATCH_SIZE, reportBatchItemFailures: true }));
  }
}
