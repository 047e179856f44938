import type { Config } from '../../shared/runtime/config.js';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Wallet } from '../../shared/address/types.js';
import { EXAMPLE_WALLETS } from '../../shared/api/exampleWallets.js';
import type { ParsedQuery } from '../../shared/contract/parseQuery.js';
import { queryKey } from '../../shared/api/serializedOnce.js';
import { demoWallet } from '../../shared/demo/wallets.js';
import { scanWallet } from '../../shared/scan/scanWallet.js';
import { totalRequests } from '../../shared/upstream/requestCounter.js';
import { createUpstreams, type Upstreams } from '../../shared/upstream/upstreams.js';
import { ABIS, holderState, HOLDER } from '../exposure/syntheticEvmWallet.js';
import { widenReaderWindows } from '../exposure/readerWindows.js';
import { syntheticChain } from '../exposure/syntheticChain.js';
import { feedProposal, storedFeed } from '../support/feed.js';
import { testServices } from '../support/services.js';
import { COUNTING_POLICY, useReplay } from '../upstream/replayHarness.js';

/*
 * The scan cache (issue 12 items 1 and 2): a cached scan is the finished scan, kept with its
 * positions and keyed by the feed's version. Single flight: scans of the same wallet that miss the cache together make one
 * set of upstream reads, counted by the upstreams' request counter; the first alone is the yardstick.
 */
const replay = useReplay();

/** Upstream requests of `scans` concurrent scans of `wallet` on fresh services and fresh upstreams. */
async function requestsOf(wallet: Wallet, scans: number, upstreams: () => Upstreams, config: Partial<Config> = {}) {
  const counted = upstreams();
  const services = testServices({ upstreams: counted, config });
  const results = await Promise.all(Array.from({ length: scans }, () => scanWallet(wallet, undefined, services)));
  return { requests: totalRequests(counted.counter.snapshot()), results };
}

const recorded = EXAMPLE_WALLETS.flatMap((example) => (example.kind === 'ens' ? [] : [[example.kind, { kind: example.kind, address: example.address } as Wallet] as const]));

describe('concurrent scans of the same wallet', () => {
  it.each(recorded)('of the %s example make the upstream reads of one scan', async (_kind, wallet) => {
    // A 10 s module deadline, not testServices' 500 ms: a loaded run failed a healthy scan with 'jito: no answer within 500 ms'.
    const config = { moduleDeadlineMs: 10_000 };
    await requestsOf(wallet, 1, () => replay.upstreams(), config); // the process warm (what modules learn once), as for the pair
    const alone = await requestsOf(wallet, 1, () => replay.upstreams(), config);
    const together = await requestsOf(wallet, 2, () => replay.upstreams(), config);
    expect(alone.requests).toBeGreaterThan(0);
    expect(together.requests).toBe(alone.requests);
    expect(together.results[1]!.snapshot).toBe(together.results[0]!.snapshot);
  });

  it('of the synthetic evm holder make the upstream reads of one scan', async () => {
    const wallet: Wallet = { kind: 'evm', address: HOLDER };
    const synthetic = () => {
      const chain = syntheticChain(ABIS, holderState);
      // Each answer a few milliseconds late, as over a network: the two scans overlap as they would.
      const late: typeof fetch = async (input, init) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return chain.fetch(input, init);
      };
      // Readers with a 40 ms window: on a loaded machine a 10 ms timer fired late split rounds (40 requests against 31).
      return widenReaderWindows(createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: late, policy: COUNTING_POLICY, env: {} }));
    };
    // Aave reads 19 chains, each answered by the synthetic chain in this same process: more than the 500 ms test deadline under load.
    const config = { moduleDeadlineMs: 10_000 };
    await requestsOf(wallet, 1, synthetic, config); // the reader warm (it learns the markets' shapes once), as for the pair
    const alone = await requestsOf(wallet, 1, synthetic, config);
    const together = await requestsOf(wallet, 2, synthetic, config);
    expect(alone.results[0]!.snapshot.degraded).toEqual([]);
    expect(alone.requests).toBeGreaterThan(0);
    expect(together.requests).toBe(alone.requests);
    // The reader already joins identical calls in flight; the scan itself must be one read too.
    expect(together.results[1]!.snapshot).toBe(together.results[0]!.snapshot);
  });

  it('read again once the first has finished and its positions have left the cache', async () => {
    const [, wallet] = recorded[0]!;
    const counted = replay.upstreams();
    let nowMs = Date.parse('2026-11-23T12:00:00Z');
    const services = testServices({ now: () => new Date(nowMs), config: { scanCacheSeconds: 60 }, upstreams: counted });
    const first = await scanWallet(wallet, undefined, services);
    const once = totalRequests(counted.counter.snapshot());
    expect((await scanWallet(wallet, undefined, services)).snapshot).toBe(first.snapshot);
    expect(totalRequests(counted.counter.snapshot())).toBe(once);
    nowMs += 61_000;
    const later = await scanWallet(wallet, undefined, services);
    expect(totalRequests(counted.counter.snapshot())).toBeGreaterThan(once);
    expect(later.snapshot.fetchedAt).toBe(new Date(nowMs).toISOString());
  });
});

describe('a cached scan', () => {
  it('is the finished scan itself, not a new match and simulation', async () => {
    const services = testServices();
    const wallet = demoWallet('evm');
    const first = await scanWallet({ kind: wallet.kind, address: wallet.address } as Wallet, undefined, services);
    expect(await scanWallet({ kind: wallet.kind, address: wallet.address } as Wallet, undefined, services)).toBe(first);
  });

  it('is made again on a new feed, from the same positions and with the same refreshedAt', async () => {
    const [, wallet] = recorded[0]!;
    const counted = replay.upstreams();
    const services = testServices({ upstreams: counted });
    await services.feedStore.write(storedFeed([feedProposal({ id: 'jito-1', protocol: 'jito', status: 'active' })]));
    const first = await scanWallet(wallet, undefined, services);
    const reads = totalRequests(counted.counter.snapshot());
    await services.feedStore.write(storedFeed([feedProposal({ id: 'jito-2', protocol: 'jito', status: 'active' })]));
    const second = await scanWallet(wallet, undefined, services);
    expect(second).not.toBe(first);
    expect(second.candidates.map((item) => item.proposal.id)).toEqual(['jito-2']);
    expect(second.snapshot).toBe(first.snapshot);
    expect(second.snapshot.fetchedAt).toBe(first.snapshot.fetchedAt);
    expect(totalRequests(counted.counter.snapshot())).toBe(reads);
  });
});

describe('the key of a serialized answer', () => {
  const query = (fields: Partial<ParsedQuery>): ParsedQuery => ({ view: 'full', limit: 50, includeSpam: false, ...fields });

  it('is the same for the same filters in another order or repeated', () => {
    expect(queryKey(query({ protocol: ['lido', 'aave'], status: ['active'] }))).toBe(queryKey(query({ protocol: ['aave', 'lido', 'aave'], status: ['active', 'active'] })));
  });

  it('differs for every filter, the view, the limit and includeSpam', () => {
    const keys = [query({}), query({ view: 'compact' }), query({ protocol: ['aave'] }), query({ status: ['active'] }), query({ minImpact: 'high' }), query({ since: '2026-01-01' }), query({ limit: 5 }), query({ includeSpam: true })].map(queryKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
