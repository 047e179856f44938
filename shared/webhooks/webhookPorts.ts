import type { ReceiverPolicy } from './receiverAddress.js';
import type { WatchStore } from './watch.js';

/** A message to one receiver, as queued between its attempts. */
export interface DeliveryJob {
  kind: 'deliver';
  watchId: string;
  /** `webhook-id`: the same on every attempt. */
  webhookId: string;
  /** The JSON body, the same on every attempt; only the timestamp and signature are the attempt's own. */
  body: string;
  /** Attempts made so far. */
  attempts: number;
  /** When the first attempt was made (ISO): retries end a day after it. */
  firstAttemptAt?: string;
}

/** A feed build finished: the protocols whose proposals it changed (possibly none: the hourly rescans still run). */
export interface FeedBuiltJob {
  kind: 'feedBuilt';
  builtAt: string;
  protocols: string[];
}

export type WebhookJob = DeliveryJob | FeedBuiltJob;

/**
 * The queue between the feed builder and the deliveries: in process on one machine
 * (inProcessQueue.ts), SQS with a dead-letter queue in AWS (shared/stores/aws/sqsWebhookQueue.ts).
 */
export interface WebhookQueue {
  /** Queues a job to run `delayMs` from now (0: as soon as a worker is free). */
  send(job: WebhookJob, delayMs?: number): Promise<void>;
}

/** What the webhook code reaches outside itself, beside the scan's Services. */
export interface Webhooks {
  store: WatchStore;
  queue: WebhookQueue;
  policy: ReceiverPolicy;
  /** Most watches one wallet may have. */
  maxWatchesPerWallet: number;
  /** The retry schedule (retrySchedule.ts's by default; tests pass a short one). */
  retryDelaysMs?: readonly number[];
  /** How long a receiver has to answer (postWebhook's 10 s by default). */
  timeoutMs?: number;
}
