import type { UpstreamId } from '../../upstream/endpoints.js';

/**
 * The chains Aave positions are read on, as GET /api lists them: a light copy of the chains of
 * exposure/markets.ts (the address book's markets), kept apart so the catalog never loads the
 * address book. test/modules/aave/markets.test.ts holds the two equal.
 */
export const AAVE_POSITION_CHAINS: readonly UpstreamId[] = [
  'ethereum',
  'polygon',
  'avalanche',
  'arbitrum',
  'optimism',
  'base',
  'gnosis',
  'bnb',
  'scroll',
  'linea',
  'zksync',
  'celo',
  'sonic',
  'plasma',
  'mantle',
  'metis',
  'soneium',
  'xlayer',
  'monad',
  'megaeth',
];

/**
 * The chains Governance v3 payloads are read on beyond Ethereum: those of the positions and Ink,
 * whose address book market (a whitelabel instance) is not read but whose payloads are; a light
 * copy of payloadChains.ts's upstreams for the same reason (test/modules/aave/markets.test.ts holds
 * the two equal). Not every EVM upstream is one: Unichain's serves only Compound's Comets.
 */
export const AAVE_PAYLOAD_CHAINS: readonly UpstreamId[] = [...AAVE_POSITION_CHAINS.filter((id) => id !== 'ethereum'), 'ink'];
