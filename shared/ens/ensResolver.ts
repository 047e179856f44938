import type { Config } from '../runtime/config.js';
import type { Upstream } from '../upstream/upstreams.js';

/** Resolves a normalized ens name to its mainnet address, or null when it has none. */
export interface EnsResolver {
  resolve(name: string): Promise<string | null>;
}

/**
 * viem's getEnsAddress (ENS Universal Resolver) through the Ethereum upstream: its endpoint, its
 * retries and its request counter; each attempt's deadline is capped by the ens lookup's own.
 * Without an explicit upstream it takes the process's (`upstreams().ethereum`) at first use, so
 * UPSTREAM=recorded reaches it. The client is built on first use, so handlers that never see a
 * name never load viem.
 */
export function ensResolverFor(config: Pick<Config, 'moduleDeadlineMs'>, ethereum?: Upstream): EnsResolver {
  let client: Promise<{ getEnsAddress(args: { name: string }): Promise<string | null> }> | undefined;
  const connect = async () => {
    const [{ createPublicClient }, { mainnet }, { ethereumTransport }, { upstreams, withPolicy }] = await Promise.all([
      import('viem'),
      import('viem/chains'),
      import('../upstream/clients/ethereumTransport.js'),
      import('../upstream/upstreams.js'),
    ]);
    const upstream = ethereum ?? upstreams().ethereum;
    const capped = withPolicy(upstream, { deadlineMs: Math.min(upstream.policy.deadlineMs, config.moduleDeadlineMs) });
    return createPublicClient({ chain: mainnet, transport: ethereumTransport(capped) });
  };
  return {
    async resolve(name) {
      client ??= connect();
      return (await client).getEnsAddress({ name });
    },
  };
}

let processResolver: EnsResolver | undefined;

/** The process's resolver on the process's Ethereum upstream, built on first use. */
export const processEnsResolver = (config: Pick<Config, 'moduleDeadlineMs'>): EnsResolver => (processResolver ??= ensResolverFor(config));
