import { loadOnce } from '../stores/lazyStores.js';
import type { Services } from './services.js';
import { servicesFromEnv } from './servicesFromEnv.js';

/**
 * The services of a function that answers no request (the feed builder, the webhook delivery
 * function): in AWS it has no origin secret to derive the limiter's key from, and would be refused
 * shared stores without one (awsServices), though it never counts a request. It is given a fixed
 * placeholder key that no request path ever sees.
 */
export const backgroundServices: () => Promise<Services> = loadOnce(() =>
  servicesFromEnv({ ...process.env, RATE_LIMIT_SECRET: process.env.RATE_LIMIT_SECRET || 'background-function-counts-no-request' }),
);
