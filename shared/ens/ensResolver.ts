import type { Config } from '../runtime/config.js';

/** Resolves a normalized ens name to its mainnet address, or null when it has none. */
export interface EnsResolver {
  resolve(name: string): Promise<string | null>;
}

/**
 * viem's getEnsAddress against the configured mainnet RPC (ENS Universal Resolver). The client is
 * built on first use, so handlers that never see a name never load it.
 */
export function ensResolverFor(config: Pick<Config, 'ethereumRpcUrl' | 'moduleDeadlineMs'>): EnsResolver {
  let client: Promise<{ getEnsAddress(args: { name: string }): Promise<string | null> }> | undefined;
  const connect = async () => {
    const [{ createPublicClient, http }, { mainnet }] = await Promise.all([import('viem'), import('viem/chains')]);
    return createPublicClient({
      chain: mainnet,
      transport: http(config.ethereumRpcUrl, { timeout: config.moduleDeadlineMs, retryCount: 1 }),
    });
  };
  return {
    async resolve(name) {
      client ??= connect();
      return (await client).getEnsAddress({ name });
    },
  };
}
