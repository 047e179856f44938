import type { Wallet } from '../address/types.js';
import { isDemoWallet } from '../demo/wallets.js';
import type { FeedProposal } from '../domain/proposal.js';
import { type FeedView, readFeed } from '../feed/readFeed.js';
import { registered } from '../modules/registry.js';
import { envelopesOf } from '../envelopes/envelopesOf.js';
import { accountsOf, BOUNDS_READ_DEADLINE_MS, loadNoVoteBounds } from '../envelopes/loadNoVoteBounds.js';
import { degradedOf } from '../feed/feedQueries.js';
import { MODULE_ENTRIES, moduleEntry } from '../modules/loaders.js';
import type { ProtocolSlug } from '../modules/registry.js';
import type { Services } from '../runtime/services.js';
import { simulateProposalInDetail } from '../simulate/simulateProposal.js';
import { MemoryTtlCache } from '../stores/memory/memoryTtlCache.js';
import type { TtlCache } from '../stores/types.js';
import { type PositionsSnapshot, positionsFor, positionsKey, snapshotExpiresAtMs } from './positionsFor.js';
import { candidateProposals, proposalIndex } from './proposalIndex.js';
import type { ScanResult } from './scanResult.js';
import type { Registered } from '../simulate/registered.js';

/**
 * Finished scans of this process, per scan cache, for as long as their positions stay cached: a
 * cached scan is then a lookup, not a match and a simulation of every proposal again. Kept in memory
 * only (a scan holds every candidate with its effects; the shared cache holds the positions, the
 * part that costs upstream reads), and bounded by size: unique wallets cannot grow the process.
 */
const finishedScans = new WeakMap<TtlCache<PositionsSnapshot>, MemoryTtlCache<ScanResult>>();

const finishedScansOf = (services: Services): MemoryTtlCache<ScanResult> => {
  let cache = finishedScans.get(services.scanCache);
  if (!cache) finishedScans.set(services.scanCache, (cache = new MemoryTtlCache<ScanResult>({ maxEntries: 2000, maxBytes: 16 * 1024 * 1024 })));
  return cache;
};

/**
 * Scans a wallet: positions (cached about a minute), proposals from the stored feed (or the demo
 * set for a demo wallet), matched and simulated. Filters, ordering and views apply afterwards. The
 * finished scan is kept with its positions, keyed by wallet, modules and the feed's version: a new
 * feed is matched at once, and `refreshedAt` stays the time the positions were read.
 *
 * @throws ApiError upstream_unavailable when no module could be checked.
 */
export async function scanWallet(wallet: Wallet, only: readonly ProtocolSlug[] | undefined, services: Services): Promise<ScanResult> {
  const feed = isDemoWallet(wallet) ? undefined : await readFeed(services.feedStore, services.now());
  const key = `${positionsKey(wallet, only)}@${feed?.version ?? 'demo'}`;
  const finished = finishedScansOf(services);
  const cached = finished.peek(key, services.now().getTime());
  if (cached) return cached;

  const snapshot = await positionsFor(wallet, only, services);
  // A real wallet's bounds are read from chain where its modules can (the demo reads none): only for its lending accounts.
  const boundsContext = !isDemoWallet(wallet) && { upstreams: services.upstreams, signal: AbortSignal.timeout(BOUNDS_READ_DEADLINE_MS), accountsOf: (slug: string) => accountsOf(snapshot, slug) };
  const [modules, bounds] = await Promise.all([registered(), loadNoVoteBounds(MODULE_ENTRIES, snapshot.checked, boundsContext || undefined)]);
  const proposals = await proposalsFor(snapshot, feed, modules, services.now());
  const candidates = proposals.items.map((proposal) => {
    const simulated = simulateProposalInDetail(proposal, snapshot.positions, modules);
    return simulated ? { proposal, impact: simulated.impact, effects: simulated.effects, accounts: simulated.accounts } : { proposal };
  });
  const expiresAtMs = snapshotExpiresAtMs(snapshot, services.config);
  const scan: ScanResult = {
    id: `${key}@${snapshot.fetchedAt}`,
    ...(feed && { feedVersion: feed.version }),
    expiresAtMs,
    snapshot,
    candidates,
    matched: candidates.filter((item) => item.impact !== undefined),
    envelopes: envelopesOf({ positions: snapshot.positions, bounds, registered: modules, now: services.now() }),
    degraded: [...snapshot.degraded, ...proposals.degraded],
  };
  await finished.set(key, scan, expiresAtMs);
  return scan;
}

/**
 * The proposals a wallet is matched against: the demo set for demo wallets (no feed), else those of
 * the stored feed that may touch its positions (proposalIndex.ts): a proposal the index leaves out
 * touches none of them, so its detail answers as one that does not touch the wallet, as before.
 */
async function proposalsFor(snapshot: PositionsSnapshot, feed: FeedView | undefined, modules: Registered, now: Date) {
  if (!feed) {
    const loaded = await Promise.all(snapshot.checked.map((slug) => moduleEntry(slug).load()));
    return { items: loaded.flatMap((module): FeedProposal[] => module.demo.proposals(now)), degraded: [] };
  }
  return {
    items: candidateProposals(proposalIndex(feed.proposals, modules), snapshot.positions, snapshot.checked),
    degraded: degradedOf(feed.degraded, snapshot.checked),
  };
}
