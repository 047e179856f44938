import type { Services } from '../runtime/services.js';
import { perServices } from '../runtime/perServices.js';
import { MemoryWatchStore } from '../stores/memory/memoryWatchStore.js';
import { loadOnce } from '../stores/lazyStores.js';
import { InProcessWebhookQueue } from './inProcessQueue.js';
import { processWebhookJob } from './processWebhookJob.js';
import type { Watch, WatchStore } from './watch.js';
import type { WebhookJob, WebhookQueue, Webhooks } from './webhookPorts.js';
import { type WebhookSettings, webhookSettingsFromEnv } from './webhookSettings.js';

/** Webhooks set by a composition root for a services object (a test's dynalite store, a short retry schedule). */
const given = new WeakMap<Services, Webhooks>();

/** Uses these webhooks with these services from now on. */
export const useWebhooks = (services: Services, webhooks: Webhooks): void => {
  given.set(services, webhooks);
};

/**
 * The webhooks of a services object: those given with useWebhooks, else those the environment
 * describes, made once per services (a process's, a Lambda container's).
 */
export const webhooksOf = perServices((services): Webhooks => given.get(services) ?? webhooksFromSettings(services, webhookSettingsFromEnv()));

/**
 * The embedded webhooks: watches in memory, jobs on this process's timers, run against these
 * services. `options` replace the settings' parts (tests).
 */
export function embeddedWebhooks(services: Services, options: Partial<Omit<Webhooks, 'queue'>> & { allowLoopback?: boolean } = {}): Webhooks & { queue: InProcessWebhookQueue } {
  const { allowLoopback = false, ...rest } = options;
  const webhooks: Webhooks & { queue: InProcessWebhookQueue } = {
    store: new MemoryWatchStore(),
    policy: { allowLoopback },
    maxWatchesPerWallet: 5,
    ...rest,
    queue: new InProcessWebhookQueue((job) => processWebhookJob(job, services, webhooks)),
  };
  return webhooks;
}

/** From the settings: DynamoDB and SQS where they are named (AWS), the embedded parts otherwise. */
export function webhooksFromSettings(services: Services, settings: WebhookSettings): Webhooks {
  const embedded = embeddedWebhooks(services, { allowLoopback: settings.allowLoopback, maxWatchesPerWallet: settings.maxWatchesPerWallet });
  const region = process.env.AWS_REGION;
  const store: WatchStore = settings.watchesTable
    ? lazyWatchStore(async () => {
        const [{ dynamoClientFor }, { DynamoWatchStore }] = await Promise.all([import('../stores/aws/dynamoClient.js'), import('../stores/aws/dynamoWatchStore.js')]);
        const endpoint = process.env.DYNAMODB_ENDPOINT;
        return new DynamoWatchStore(dynamoClientFor({ ...(region && { region }), ...(endpoint && { endpoint }) }), settings.watchesTable!);
      })
    : embedded.store;
  const queue: WebhookQueue = settings.queueUrl
    ? lazyQueue(async () => {
        const { SqsWebhookQueue, sqsClientFor } = await import('../stores/aws/sqsWebhookQueue.js');
        return new SqsWebhookQueue(sqsClientFor({ ...(region && { region }), ...(settings.sqsEndpoint && { endpoint: settings.sqsEndpoint }) }), settings.queueUrl!, services.now);
      })
    : embedded.queue;
  return { ...embedded, store, queue };
}

function lazyWatchStore(load: () => Promise<WatchStore>): WatchStore {
  const store = loadOnce(load);
  return {
    create: async (watch: Watch) => (await store()).create(watch),
    get: async (id) => (await store()).get(id),
    list: async () => (await store()).list(),
    countFor: async (wallet) => (await store()).countFor(wallet),
    saveState: async (id, state) => (await store()).saveState(id, state),
    disable: async (id, disabled) => (await store()).disable(id, disabled),
    delete: async (id) => (await store()).delete(id),
  };
}

function lazyQueue(load: () => Promise<WebhookQueue>): WebhookQueue {
  const queue = loadOnce(load);
  return { send: async (job: WebhookJob, delayMs?: number) => (await queue()).send(job, delayMs) };
}
