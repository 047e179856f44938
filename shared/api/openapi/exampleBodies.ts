import { demoWallet } from '../../demo/wallets.js';
import { renderProposal } from '../../proposals/render.js';
import { SlidingWindowRateLimiter } from '../../ratelimit/rateLimiter.js';
import type { Services } from '../../runtime/services.js';
import { feedEnvelope, positionsEnvelope, scanEnvelope, walletProposals } from '../../scan/envelopes.js';
import { positionsFor } from '../../scan/positionsFor.js';
import { scanWallet } from '../../scan/scanWallet.js';
import { MemoryCounterStore } from '../../stores/memory/memoryCounterStore.js';
import { MemoryFeedStore } from '../../stores/memory/memoryFeedStore.js';
import { MemoryTtlCache } from '../../stores/memory/memoryTtlCache.js';
import { catalog } from '../catalog.js';
import { ERROR_CODES, type ErrorCode } from '../errors.js';
import { parseQuery } from '../parseQuery.js';

const EXAMPLE_BASE = 'https://govex.example';
const EXAMPLE_TIME = new Date('2026-11-22T12:00:00Z');

/**
 * Example bodies for the document, produced by the real pipeline on the demo wallets (which need
 * no upstream) under a fixed clock, so the examples are true answers and stay stable.
 */
export async function exampleBodies() {
  const config = { rateLimit: { quota: 30, windowSeconds: 60, secret: 'examples' }, trustViewerAddress: false, scanCacheSeconds: 60, ensCacheSeconds: 60, moduleDeadlineMs: 1000, sourceDeadlineMs: 1000, feedIntervalSeconds: 300, feedPath: '', ethereumRpcUrl: '' };
  const services: Services = {
    config,
    limiter: new SlidingWindowRateLimiter(new MemoryCounterStore(), { name: 'default', ...config.rateLimit }),
    scanCache: new MemoryTtlCache(),
    ensCache: new MemoryTtlCache(),
    feedStore: new MemoryFeedStore(),
    ens: { resolve: async () => null },
    now: () => EXAMPLE_TIME,
  };
  const evm = demoWallet('evm');
  const scan = await scanWallet(evm, undefined, services);
  const walletQuery = parseQuery({ minImpact: 'medium', view: 'compact' }, ['view', 'minImpact', 'limit']);
  const detail = scan.matched.find(({ proposal }) => proposal.id === 'aave-demo-2')!;
  const positions = await positionsFor(demoWallet('solana'), undefined, services);
  return {
    scan: scanEnvelope(scan, parseQuery({}, ['view']), `${EXAMPLE_BASE}/w/${evm.address}`),
    proposals: feedEnvelope(walletProposals(scan, walletQuery), {
      address: evm.address,
      mode: 'mock',
      view: 'compact',
      limit: 50,
      refreshedAt: scan.snapshot.fetchedAt,
      degraded: scan.degraded,
    }),
    proposal: { address: evm.address, mode: 'mock', proposal: renderProposal(detail, 'full'), refreshedAt: scan.snapshot.fetchedAt },
    positions: positionsEnvelope(positions),
    ens: { name: 'vitalik.eth', address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' },
    health: { status: 'ok', service: 'govex' },
    index: catalog(EXAMPLE_BASE, config),
  };
}

const ERROR_EXAMPLES: Record<ErrorCode, string> = {
  invalid_address: '"0x12" is not a valid evm address (0x and 40 hex digits; mixed case must match its EIP-55 checksum)',
  invalid_input: 'limit="500" is not valid: expected an integer from 1 to 200',
  unsupported_version: 'api-version "0.2" is not served; served: 0.1',
  not_found: 'no proposal with id aave-gov3-999999',
  rate_limited: 'too many requests: over 30 in 60 s; retry in 23 s',
  upstream_unavailable: 'no protocol could be checked for this wallet: aave exposure did not answer within 3000 ms',
  internal_error: 'internal error',
};

export const errorExample = (code: ErrorCode) => ({ error: ERROR_EXAMPLES[code], code, hint: ERROR_CODES[code].hint });
