import type { Config } from '../runtime/config.js';
import type { Services } from '../runtime/services.js';
import type { Upstream } from '../upstream/upstreams.js';

/** Resolves a normalized ens name to its mainnet address, or null when it has none. */
export interface EnsResolver {
  /** `signal` ends the lookup's requests (retries and backoff included) when it aborts. */
  resolve(name: string, signal?: AbortSignal): Promise<string | null>;
}

type EnsClient = { getEnsAddress(args: { name: string }): Promise<string | null> };

/**
 * viem's getEnsAddress (ENS Universal Resolver) through the Ethereum upstream: its endpoint, its
 * retries and its request counter; each attempt's deadline is capped by the ens lookup's own.
 * viem takes no per-call signal, so a lookup with one gets a client of its own whose transport
 * carries it (withSignal): an abandoned lookup sends nothing more. viem is loaded on first use, so
 * handlers that never see a name never load it.
 */
export function ensResolverFor(config: Pick<Config, 'moduleDeadlineMs'>, ethereum: Upstream): EnsResolver {
  let connect: Promise<(signal: AbortSignal | undefined) => EnsClient> | undefined;
  const load = async () => {
    const [{ createPublicClient }, { mainnet }, { ethereumTransport }, { withPolicy, withSignal }] = await Promise.all([
      import('viem'),
      import('viem/chains'),
      import('../upstream/clients/ethereumTransport.js'),
      import('../upstream/upstreams.js'),
    ]);
    const capped = withPolicy(ethereum, { deadlineMs: Math.min(ethereum.policy.deadlineMs, config.moduleDeadlineMs) });
    const unsignalled = createPublicClient({ chain: mainnet, transport: ethereumTransport(capped) });
    return (signal: AbortSignal | undefined): EnsClient =>
      signal ? createPublicClient({ chain: mainnet, transport: ethereumTransport(withSignal(capped, signal)) }) : unsignalled;
  };
  return {
    async resolve(name, signal) {
      connect ??= load();
      const client = (await connect)(signal);
      signal?.throwIfAborted();
      return client.getEnsAddress({ name });
    },
  };
}

const resolvers = new WeakMap<Services, EnsResolver>();

/** The services' resolver: the one they were given, else one on their Ethereum upstream, built once per services object. */
export function ensResolverOf(services: Services): EnsResolver {
  if (services.ens) return services.ens;
  let resolver = resolvers.get(services);
  if (!resolver) resolvers.set(services, (resolver = ensResolverFor(services.config, services.upstreams.ethereum)));
  return resolver;
}
