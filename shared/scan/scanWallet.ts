import type { Wallet } from '../address/types.js';
import { isDemoWallet } from '../demo/wallets.js';
import type { FeedProposal } from '../domain/proposal.js';
import { readFeed } from '../feed/readFeed.js';
import { moduleEntry } from '../modules/registry.js';
import type { ProtocolSlug } from '../modules/slugs.js';
import type { Services } from '../runtime/services.js';
import { simulateProposalInDetail } from '../simulate/simulateProposal.js';
import { positionsFor } from './positionsFor.js';
import type { ScanResult } from './scanResult.js';

/**
 * Scans a wallet: positions (cached about a minute), proposals from the stored feed (or the demo
 * set for a demo wallet), matched and simulated. Filters, ordering and views apply afterwards.
 *
 * @throws ApiError upstream_unavailable when no module could be checked.
 */
export async function scanWallet(wallet: Wallet, only: readonly ProtocolSlug[] | undefined, services: Services): Promise<ScanResult> {
  const snapshot = await positionsFor(wallet, only, services);
  const proposals = await proposalsFor(wallet, snapshot.checked, services);
  const candidates = proposals.items.map((proposal) => {
    const simulated = simulateProposalInDetail(proposal, snapshot.positions);
    return simulated ? { proposal, impact: simulated.impact, effects: simulated.effects } : { proposal };
  });
  return {
    snapshot,
    candidates,
    matched: candidates.filter((item) => item.impact !== undefined),
    degraded: [...snapshot.degraded, ...proposals.degraded],
  };
}

/** The proposals a wallet is matched against: the demo set for demo wallets, else the stored feed. */
async function proposalsFor(wallet: Wallet, modules: ProtocolSlug[], services: Services) {
  if (isDemoWallet(wallet)) {
    const loaded = await Promise.all(modules.map((slug) => moduleEntry(slug).load()));
    return { items: loaded.flatMap((module): FeedProposal[] => module.demo.proposals), degraded: [] };
  }
  const feed = await readFeed(services.feedStore, services.now());
  const checked = (slug: string) => (modules as string[]).includes(slug);
  return {
    items: feed.proposals.filter((proposal) => checked(proposal.protocol)),
    degraded: feed.degraded.filter((entry) => checked(entry.module)),
  };
}
