import { describe, expect, it } from 'vitest';
import { positionsFromHub } from '../../shared/modules/cosmoshub/exposure/positionsFromHub.js';
import { PRICE_TTL_MS, usdPrice } from '../../shared/prices/usdPrice.js';
import { withUsdValue } from '../../shared/prices/withUsdValue.js';
import { readUsdPrice } from '../../shared/upstream/clients/usdPrice.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { recorded, TEST_POLICY, useReplay } from '../upstream/replayHarness.js';

const replay = useReplay();
const live = () => new AbortController().signal;
const recordedUsd = (coin: string) =>
  recorded<{ body: Record<string, { usd: number }> }>(replay.fixtures, 'prices', (request) => (request.query as { ids?: string }).ids === coin).body[coin]!.usd;

describe('readUsdPrice (CoinGecko /simple/price, one coin a request)', () => {
  it('reads the recorded SOL and XRP answers', async () => {
    const upstreams = replay.upstreams();
    expect(await readUsdPrice(upstreams.prices, 'solana')).toBe(recordedUsd('solana'));
    expect(await readUsdPrice(upstreams.prices, 'ripple')).toBe(recordedUsd('ripple'));
    expect(upstreams.counter.snapshot().prices.requests).toBe(2);
  });

  it('is undefined for a coin the service leaves out of its answer (it drops unknown ids silently)', async () => {
    // The service's answer to an id it does not know is an empty object.
    const upstreams = createUpstreams({ endpoints: { prices: 'http://prices.invalid' }, fetch: async () => Response.json({}), policy: TEST_POLICY, env: {} });
    expect(await readUsdPrice(upstreams.prices, 'no-such-coin')).toBeUndefined();
  });

  it('fails a body that is not the service’s shape as upstream_malformed', async () => {
    const upstreams = createUpstreams({ endpoints: { prices: 'http://prices.invalid' }, fetch: async () => Response.json({ solana: { usd: 'cheap' } }), policy: TEST_POLICY, env: {} });
    await expect(readUsdPrice(upstreams.prices, 'solana')).rejects.toMatchObject({ code: 'upstream_malformed' });
    replay.server.faults.inject('prices', { kind: 'malformed' });
    await expect(readUsdPrice(replay.upstreams().prices, 'solana')).rejects.toMatchObject({ code: 'upstream_malformed' });
  });
});

describe('usdPrice (at most one request per coin a minute, never failing a scan)', () => {
  it('asks once for scans in flight together and within the minute, then again', async () => {
    const upstreams = replay.upstreams();
    let clock = 1_000_000;
    const now = () => clock;
    const [a, b] = await Promise.all([usdPrice(upstreams.prices, 'solana', live(), { now }), usdPrice(upstreams.prices, 'solana', live(), { now })]);
    expect([a, b]).toEqual([recordedUsd('solana'), recordedUsd('solana')]);
    clock += PRICE_TTL_MS - 1;
    await usdPrice(upstreams.prices, 'solana', live(), { now });
    expect(upstreams.counter.snapshot().prices.requests).toBe(1);
    clock += 1;
    await usdPrice(upstreams.prices, 'solana', live(), { now });
    expect(upstreams.counter.snapshot().prices.requests).toBe(2);
  });

  it('gives undefined when the service fails, and does not keep the failure', async () => {
    const upstreams = replay.upstreams({ retries: 0 });
    replay.server.faults.inject('prices', { kind: 'status', status: 429 });
    expect(await usdPrice(upstreams.prices, 'ripple', live())).toBeUndefined();
    replay.server.faults.clear();
    expect(await usdPrice(upstreams.prices, 'ripple', live())).toBe(recordedUsd('ripple'));
    expect(upstreams.counter.snapshot().prices.requests).toBe(2);
  });

  it('lets a scan go without a price that is slow to come, and gives it to the next scan', async () => {
    const upstreams = replay.upstreams();
    // Late, but well within the upstream's own deadline (COUNTING_POLICY's 4 s, the harness's default).
    replay.server.faults.inject('prices', { kind: 'latency', ms: 150 });
    expect(await usdPrice(upstreams.prices, 'solana', live(), { waitMs: 20 })).toBeUndefined();
    expect(await usdPrice(upstreams.prices, 'solana', live(), { waitMs: 2_000 })).toBe(recordedUsd('solana'));
    expect(upstreams.counter.snapshot().prices.requests).toBe(1);
  });

  it('starts nothing for a scan that already gave up, and lets a scan stop waiting', async () => {
    const upstreams = replay.upstreams();
    await expect(usdPrice(upstreams.prices, 'solana', AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(upstreams.counter.snapshot().prices.requests).toBe(0);
    replay.server.faults.inject('prices', { kind: 'latency', ms: 200 });
    const controller = new AbortController();
    const waiting = usdPrice(upstreams.prices, 'solana', controller.signal);
    controller.abort(new Error('scan deadline'));
    await expect(waiting).rejects.toThrow('scan deadline');
    // The shared request goes on for the other scans.
    expect(await usdPrice(upstreams.prices, 'solana', live())).toBe(recordedUsd('solana'));
    expect(upstreams.counter.snapshot().prices.requests).toBe(1);
  });
});

describe('valuing positions off Ethereum', () => {
  it('values an amount to the cent, on the wire and in the simulator inputs, and leaves it alone without a price', () => {
    const exposure = { position: { id: 'x', protocol: 'cosmoshub', asset: 'ATOM', amount: '72.123456', user_address: 'cosmos1x' }, inputs: { role: 'delegation' as const } };
    expect(withUsdValue(exposure, 4.5)).toMatchObject({ position: { valueUsd: 324.56 }, inputs: { valueUsd: 324.56 } });
    expect(withUsdValue(exposure, undefined)).toBe(exposure);
  });

  it('values every ATOM position of a Hub account at ATOM’s price', () => {
    const staking = { delegations: [{ validator: 'cosmosvaloper1a', uatom: 72_000_000n }], rewardAtomics: 2_500_000n * 10n ** 18n, annualProvisions: 1e13, bondedTokens: 10n ** 14n, communityTax: 0.1 };
    const positions = positionsFromHub(staking, 1_000_000n, { kind: 'cosmos', address: 'cosmos1x' }, 4.5);
    expect(positions.map(({ position }) => [position.id, position.valueUsd])).toEqual([
      ['cosmoshub-delegation', 324],
      ['cosmoshub-rewards', 11.25],
      ['cosmoshub-balance', 4.5],
    ]);
  });
});
