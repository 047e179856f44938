import type { Config } from '../runtime/config.js';
import type { EnsResolver, Services } from '../runtime/services.js';
import type { Upstream } from '../upstream/upstreams.js';

// The port's own type (Services names it), re-exported for the resolvers' users.
export type { EnsResolver };

/**
 * viem's getEnsAddress (ENS Universal Resolver) through the Ethereum upstream: its endpoint, its
 * retries and its request counter; each attempt's deadline is capped by the ens lookup's own.
 * The client is built on first use, so handlers that never see a name never load viem.
 */
export function ensResolverFor(config: Pick<Config, 'moduleDeadlineMs'>, ethereum: Upstream): EnsResolver {
  let client: Promise<{ getEnsAddress(args: { name: string }): Promise<string | null> }> | undefined;
  const connect = async () => {
    const [{ createPublicClient }, { mainnet }, { ethereumTransport }, { withPolicy }] = await Promise.all([
      import('viem'),
      import('viem/chains'),
      import('../upstream/clients/ethereumTransport.js'),
      import('../upstream/upstreams.js'),
    ]);
    const capped = withPolicy(ethereum, { deadlineMs: Math.min(ethereum.policy.deadlineMs, config.moduleDeadlineMs) });
    return createPublicClient({ chain: mainnet, transport: ethereumTransport(capped) });
  };
  return {
    async resolve(name) {
      client ??= connect();
      return (await client).getEnsAddress({ name });
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
