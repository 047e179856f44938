import { demoWallet } from '../shared/demo/wallets.js';
import { renderProposal } from '../shared/proposals/render.js';
import { SlidingWindowRateLimiter } from '../shared/ratelimit/rateLimiter.js';
import type { Services } from '../shared/runtime/services.js';
import { feedEnvelope } from '../shared/proposals/feedEnvelope.js';
import { positionsEnvelope, scanEnvelope, walletProposals } from '../shared/scan/envelopes.js';
import { positionsFor } from '../shared/scan/positionsFor.js';
import { scanWallet } from '../shared/scan/scanWallet.js';
import { MemoryCounterStore } from '../shared/stores/memory/memoryCounterStore.js';
import { MemoryFeedStore } from '../shared/stores/memory/memoryFeedStore.js';
import { MemoryTtlCache } from '../shared/stores/memory/memoryTtlCache.js';
import { createUpstreams } from '../shared/upstream/upstreams.js';
import { catalog } from '../shared/api/catalog.js';
import { EXAMPLE_PROPOSAL_ID, EXAMPLE_REQUESTS } from '../shared/api/examples.js';
import { parseQuery } from '../shared/contract/parseQuery.js';
import type { ExampleBodies } from '../shared/api/openapi/exampleBodiesType.js';
import { simulateExample } from '../shared/api/simulateExample.js';

const EXAMPLE_BASE = 'https://govex.example';
const EXAMPLE_TIME = new Date('2026-11-22T12:00:00Z');

/**
 * Example bodies for the OpenAPI document and llms.txt, produced by the real pipeline on the demo
 * wallets (which need no upstream) under a fixed clock, so the examples are true answers and stay
 * stable. A build step, not the HTTP edge's: the Lambda bundles run it at build time
 * (infra/bundling.ts, examplesAtBuildTime) and carry only its value, and the edge
 * (shared/api/openapi/document.ts, llmsTxt.ts) takes the bodies as data. Keep this module's one
 * export, and its result plain JSON.
 */
export async function exampleBodies(): Promise<ExampleBodies> {
  const config = { rateLimit: { quota: 30, windowSeconds: 60, secret: 'examples' }, trustViewerAddress: false, scanCacheSeconds: 60, ensCacheSeconds: 60, moduleDeadlineMs: 1000, sourceDeadlineMs: 1000, feedIntervalSeconds: 300, feedPath: '', ethereumRpcUrl: '' };
  const services: Services = {
    config,
    limiter: new SlidingWindowRateLimiter(new MemoryCounterStore(), { name: 'default', ...config.rateLimit }),
    scanCache: new MemoryTtlCache(),
    ensCache: new MemoryTtlCache(),
    feedStore: new MemoryFeedStore(),
    // The demo wallets read no upstream: these are never asked.
    upstreams: createUpstreams({ env: {} }),
    ens: { resolve: async () => null },
    now: () => EXAMPLE_TIME,
  };
  const evm = demoWallet('evm');
  const scan = await scanWallet(evm, undefined, services);
  // The feed example answers the catalog's example request, so the two cannot tell different stories.
  const { address: _address, ...asked } = Object.fromEntries(new URL(EXAMPLE_REQUESTS.proposals, EXAMPLE_BASE).searchParams);
  const walletQuery = parseQuery(asked, ['view', 'minImpact', 'limit', 'cursor']);
  const detail = scan.matched.find(({ proposal }) => proposal.id === EXAMPLE_PROPOSAL_ID)!;
  const positions = await positionsFor(demoWallet('solana'), undefined, services);
  return {
    scan: scanEnvelope(scan, parseQuery({}, ['view']), `${EXAMPLE_BASE}/w/${evm.address}`),
    proposals: feedEnvelope(walletProposals(scan, walletQuery), {
      address: evm.address,
      mode: 'mock',
      view: walletQuery.view,
      limit: walletQuery.limit,
      order: 'materiality',
      refreshedAt: scan.snapshot.fetchedAt,
      degraded: scan.degraded,
    }),
    proposal: { address: evm.address, mode: 'mock', proposal: renderProposal(detail, 'full'), refreshedAt: scan.snapshot.fetchedAt },
    positions: positionsEnvelope(positions),
    ens: { name: 'vitalik.eth', address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' },
    health: { status: 'ok', service: 'govex' },
    index: catalog(EXAMPLE_BASE, config),
    simulate: await simulateExample(),
  };
}
