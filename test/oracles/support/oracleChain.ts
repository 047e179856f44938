import { inject } from 'vitest';
import { type Abi, type Address, createPublicClient, http, type PublicClient } from 'viem';
import { foundry } from 'viem/chains';

export interface Oracle {
  client: PublicClient;
  address: Address;
  abi: Abi;
}

/**
 * A harness deployed by the run's global setup, read by eth_call only. Throws what the setup
 * failed on, and for a harness whose committed artifact no longer belongs to it (or, in CI, is
 * missing: compiledArtifacts.ts); returns undefined (after saying why) only where this platform has
 * no anvil build, or outside CI where a harness has neither its published sources nor an artifact.
 */
export function oracle(name: string): Oracle | undefined {
  const chain = inject('oracleChain');
  if ('error' in chain) throw new Error(`the oracle chain did not start: ${chain.error}`);
  if ('skip' in chain) {
    console.warn(`SKIPPED oracle ${name}: ${chain.skip}`);
    return undefined;
  }
  const failed = chain.failed[name];
  if (failed) throw new Error(`oracle ${name}: ${failed}`);
  const missing = chain.unavailable[name];
  if (missing) {
    console.warn(`SKIPPED oracle ${name}: ${missing}`);
    return undefined;
  }
  const deployed = chain.contracts[name];
  if (!deployed) throw new Error(`no oracle harness ${name} was deployed`);
  // Batched into one HTTP request per tick: a property's thousand calls run concurrently.
  const client = createPublicClient({ chain: foundry, transport: http(chain.url, { batch: { batchSize: 64 } }) }) as PublicClient;
  return { client, ...deployed };
}

/** Whether the run has an oracle chain at all (false only on a platform without anvil, outside CI). */
export const hasOracleChain = (): boolean => !('skip' in inject('oracleChain'));
