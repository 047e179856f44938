import type { Chain } from 'viem';
import { AAVE_MARKETS } from '../../shared/modules/aave/exposure/markets.js';
import { COMET_MARKETS } from '../../shared/modules/compound/exposure/markets.js';
import { evmReader } from '../../shared/upstream/clients/ethereumReader.js';
import type { UpstreamId } from '../../shared/upstream/endpoints.js';
import type { Upstreams } from '../../shared/upstream/upstreams.js';

/**
 * Makes every EVM upstream's reader (one per upstream object, made on first use) with a batching
 * window of `windowMs` instead of 10 ms. A test that counts requests on a loaded machine needs it:
 * modules join a round when they start within the window, and there a timer can fire late enough
 * to split a round the code would send as one. The count still fails if the code sends more.
 */
export function widenReaderWindows(upstreams: Upstreams, windowMs = 40): Upstreams {
  const chains = new Map<UpstreamId, Chain>([...AAVE_MARKETS, ...COMET_MARKETS].map((market) => [market.chain, market.viemChain]));
  for (const [id, chain] of chains) evmReader(upstreams[id], chain, { windowMs });
  return upstreams;
}
