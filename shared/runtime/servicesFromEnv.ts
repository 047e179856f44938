import { createUpstreams, type Upstreams } from '../upstream/upstreams.js';
import { configFromEnv } from './config.js';
import type { Services } from './services.js';

let current: Promise<Services> | undefined;

/**
 * A Lambda container's services, built on first use from its environment: the composition root of
 * the functions as deployed (the local server builds its own and hands them to the handlers).
 * Asynchronous so that a deployment's store adapters (and their SDKs) load only where chosen.
 */
export const services = (): Promise<Services> =>
  // A failure (the secrets extension not listening yet) is not kept: the next request tries again.
  (current ??= servicesFromEnv().catch((error: unknown) => {
    current = undefined;
    throw error;
  }));

/**
 * The AWS stores when a table is configured, else the embedded ones; the SDK loads only for the
 * first. The upstreams are the environment's unless given (the local server's UPSTREAM=recorded).
 */
export async function servicesFromEnv(env: NodeJS.ProcessEnv = process.env, upstreams?: Upstreams): Promise<Services> {
  if (!env.TABLE_NAME) {
    // Imported here, as the AWS stores are: a Lambda never builds the file and memory stores, and
    // their file and hashing modules would otherwise load on every cold start.
    const { embeddedServices } = await import('./embeddedServices.js');
    return embeddedServices(configFromEnv(env), upstreams ?? createUpstreams({ env }));
  }
  // In AWS the origin secret is read from Secrets Manager first (awsServicesFromEnv).
  const { awsServicesFromEnv } = await import('./awsServices.js');
  return awsServicesFromEnv(env, upstreams);
}
