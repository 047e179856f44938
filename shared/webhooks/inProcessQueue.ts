import type { WebhookJob, WebhookQueue } from './webhookPorts.js';

/**
 * The local server's queue: a timer per job, run in this process. Pending jobs (retries hours
 * away) last as long as the process, as the memory watch store does. A job that throws is logged,
 * not retried: deliveries schedule their own retries, and a feed pass is made again at the next build.
 */
export class InProcessWebhookQueue implements WebhookQueue {
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = 0;
  /** Jobs sent without a delay whose timer has not fired yet: due now, so idle() waits for them too. */
  private dueNow = 0;
  private waiters: (() => void)[] = [];
  private stopped = false;

  constructor(private readonly run: (job: WebhookJob) => Promise<void>) {}

  async send(job: WebhookJob, delayMs = 0): Promise<void> {
    if (this.stopped) return;
    // A copy, as SQS would hold one: the sender's later edits never reach the job.
    const queued = structuredClone(job);
    const due = delayMs <= 0;
    if (due) this.dueNow += 1;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (due) this.dueNow -= 1;
      this.running += 1;
      void this.run(queued)
        .catch((error: unknown) => console.error(JSON.stringify({ level: 'error', message: 'webhook job failed', kind: queued.kind, cause: String(error) })))
        .finally(() => {
          this.running -= 1;
          this.settle();
        });
    }, delayMs);
    // A retry hours away must not keep a process alive that is otherwise done.
    timer.unref();
    this.timers.add(timer);
  }

  /** Resolves once no job is running or due now (retries waiting on their delay aside): tests wait on it. */
  idle(): Promise<void> {
    return this.running === 0 && this.dueNow === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Drops every pending job (a server closing). */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.dueNow = 0;
    this.settle();
  }

  private settle(): void {
    if (this.running > 0 || this.dueNow > 0) return;
    const waiting = this.waiters;
    this.waiters = [];
    for (const resolve of waiting) resolve();
  }
}
