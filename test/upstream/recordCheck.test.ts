import { describe, expect, it } from 'vitest';
import { moduleEntry } from '../../shared/modules/loaders.js';
import { loadFixtures } from '../../shared/upstream/replay/fixtureFormat.js';

import { replayCheck } from '../../scripts/record.js';

// The real XRPL account whose recording backs the xrpl example wallet (test/fixtures/upstream/xrpl/xrpl.md).
const XRPL_EXAMPLE = { kind: 'xrpl' as const, address: 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59' };
const readXrplExample = async (upstreams: Parameters<Parameters<typeof replayCheck>[1]>[0]) => {
  await (await moduleEntry('xrpl').load()).exposure.readPositions(XRPL_EXAMPLE, { signal: AbortSignal.timeout(10_000), now: new Date(), upstreams });
};

describe("npm run record's replay check", () => {
  it('finds no miss when the recordings answer every request of the run', async () => {
    const fixtures = (await loadFixtures()).filter((file) => file.upstream === 'xrpl' || file.upstream === 'prices');
    expect(await replayCheck(fixtures, readXrplExample)).toEqual([]);
  });

  it('names each request a recording set cannot answer', async () => {
    const withoutLines = (await loadFixtures()).filter((file) => file.upstream === 'xrpl').map((file) => ({ ...file, exchanges: file.exchanges.filter((exchange) => (exchange.request as { command?: string }).command !== 'account_lines') })).filter((file) => file.exchanges.length > 0);
    const misses = await replayCheck(withoutLines as never, readXrplExample);
    expect(misses.some((miss) => miss.upstream === 'xrpl' && miss.request.includes('account_lines'))).toBe(true);
  });
});
