import { PAYLOAD_CHAINS } from './payloadChains.js';

/**
 * The market an engine payload configures, named as the exposure side names Ethereum's core
 * (`aave-v3-ethereum`, exposure/deployment.ts): `aave-v3-` and the pool's network name as the
 * payload's getPoolContext() states it (aave-helpers' chain bases: 'Ethereum', 'Ethereum Lido',
 * 'XLayer', …), lower-cased, spaces as hyphens. Ethereum has several instances, which only that
 * name tells apart. Without it (a base that does not answer), the chain's own name. Pure.
 *
 * @example marketOfPool(1, 'Ethereum Lido') // 'aave-v3-ethereum-lido'
 */
export function marketOfPool(chainId: number, networkName: string | undefined): string {
  const named = networkName?.trim();
  if (named) return `aave-v3-${NETWORK_NAMES[named] ?? named.toLowerCase().replace(/\s+/g, '-')}`;
  return `aave-v3-${chainId === 1 ? 'ethereum' : (PAYLOAD_CHAINS[chainId]?.upstream ?? `chain-${chainId}`)}`;
}

/** Network names that would not match the chain's upstream name once lower-cased. */
const NETWORK_NAMES: Readonly<Record<string, string>> = { 'BNB Smart Chain': 'bnb' };
