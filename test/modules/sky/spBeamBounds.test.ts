import { decodeFunctionData, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import { spBeamConfigCalls } from '../../../shared/modules/sky/readSpBeamConfig.js';
import { rememberSpBeamConfig, SP_BEAM_READ_FOR_MS, spBeamConfigReadOn } from '../../../shared/modules/sky/spBeamReadMemo.js';
import { envelopesOf } from '../../../shared/envelopes/envelopesOf.js';
import { skyExposure } from '../../../shared/modules/sky/exposure/skyExposure.js';
import { SP_BEAM } from '../../../shared/modules/sky/spBeamLimits.js';
import { SKY_NO_VOTE_BOUNDS, skyChainBounds, skyNoVoteBounds } from '../../../shared/modules/sky/spBeamBounds.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { syntheticChain } from '../../exposure/syntheticChain.js';
import { COUNTING_POLICY } from '../../upstream/replayHarness.js';
import { registered } from '../../../shared/modules/registry.js';
import { SAVER, SKY_ABIS, SP_BEAM_CHAIN, skyState } from './skyChain.js';

/*
 * SP-BEAM's bounds read from the chain in the exposure's own first round (synthetic chain:
 * test/modules/sky/skyChain.ts, SP_BEAM_CHAIN), handed to the scan's envelope without a request
 * of their own, and the declared defaults, with the reason, where that read fails.
 */
const saver = { kind: 'evm', address: SAVER } as const;
async function scanOn(state = skyState()) {
  const chain = syntheticChain(SKY_ABIS, state);
  const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: COUNTING_POLICY, env: {} });
  const context = { signal: AbortSignal.timeout(5_000), now: new Date('2026-11-22T12:00:00Z'), upstreams };
  const positions = await skyExposure().readPositions(saver, context);
  const bounds = await skyNoVoteBounds({ upstreams, signal: context.signal, accounts: [] });
  return { positions, bounds, upstreams };
}

describe('SP-BEAM’s bounds at scan time', () => {
  it('are read from the chain with the positions: each configured rate’s cfgs, tau as the delay, toc as the last change, and when', async () => {
    const { bounds, upstreams } = await scanOn();
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(1);
    const ssr = bounds.bounds.find((bound) => bound.parameter === 'ssr')!;
    expect(ssr).toMatchObject({ origin: 'chain', markets: ['sky-susds'], largestStep: { kind: 'absolute', bps: 400 }, floorBps: 200, ceilingBps: 3000, minDelaySeconds: 57_600, delayScope: 'module', lastChangedAt: { 'sp-beam': SP_BEAM_CHAIN.toc } });
    expect(ssr.source).toBe(`SP-BEAM ${SP_BEAM} on Ethereum: cfgs, tau and toc, read at 2026-11-22 12:00\u00a0UTC`);
    // Both savings rates and the fifteen SP-BEAM ilks, each its own bound.
    expect(bounds.bounds.filter((bound) => bound.parameter === 'stabilityFee').map((bound) => bound.markets)).toHaveLength(15);
  });

  it('make the envelope’s first step wait out the cooldown from the last set: 8 hours after the read, not at once', async () => {
    const { positions, bounds } = await scanOn();
    const [envelope] = envelopesOf({ positions: positions.filter(({ position }) => position.id === 'sky-susds'), bounds: new Map([['sky', bounds]]), registered: await registered(), now: new Date('2026-11-22T12:00:00Z') });
    expect(envelope!.assumptions[0]).toMatchObject({ readFrom: 'chain', lastChangedAt: '2026-11-22T04:00:00Z', firstStepAt: '2026-11-22T20:00:00Z', from: 450, to: 200 });
    expect(envelope!.assumptions[0]!.words).toContain('the first not before 2026-11-22 20:00\u00a0UTC');
    // 10,500 USDS at 4.5 % (472.50 a year) → at the 2 % floor (210.00).
    expect(envelope!.yearlyUsd).toEqual({ now: 472.5, worst: 210 });
  });

  it('halted (bad = 1): no bound, since no set() succeeds until a spell lifts the halt', async () => {
    const { bounds } = await scanOn(skyState({ halted: true }));
    expect(bounds).toEqual({ bounds: [], guardians: [] });
  });

  it('fall back to the declared defaults, saying why, when SP-BEAM’s read reverts; the positions stay', async () => {
    const { positions, bounds } = await scanOn(skyState({ revert: `${SP_BEAM}.tau` }));
    expect(positions.length).toBeGreaterThan(0);
    expect(bounds.bounds.map((bound) => bound.origin)).toEqual(['declared', 'declared', 'declared', 'declared']);
    expect(bounds.bounds[0]!.unreadBecause).toBe('SP-BEAM could not be read on Ethereum with the positions');
  });

  it('stand for the scans of the next minute on the same upstream, which ask SP-BEAM nothing, then are read again', async () => {
    const chain = syntheticChain(SKY_ABIS, skyState());
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: COUNTING_POLICY, env: {} });
    const scan = () => skyExposure().readPositions(saver, { signal: AbortSignal.timeout(5_000), now: new Date('2026-11-22T12:00:00Z'), upstreams });
    const spBeamCalls = () =>
      chain.exchanges
        .filter((exchange) => exchange.request.method === 'eth_call')
        .map((exchange) => (decodeFunctionData({ abi: multicall3Abi, data: (exchange.request.params as [{ data: Hex }])[0].data }).args[0] as readonly { target: string }[]).filter((call) => call.target.toLowerCase() === SP_BEAM.toLowerCase()).length);
    await scan();
    const first = await skyNoVoteBounds({ upstreams, signal: AbortSignal.timeout(5_000), accounts: [] });
    await scan();
    expect(await skyNoVoteBounds({ upstreams, signal: AbortSignal.timeout(5_000), accounts: [] })).toEqual(first);
    expect(first.bounds[0]!.origin).toBe('chain');
    // A read older than the minute: the next scan asks again.
    rememberSpBeamConfig(upstreams.ethereum, spBeamConfigReadOn(upstreams.ethereum), Date.now() - SP_BEAM_READ_FOR_MS - 1);
    await scan();
    const asked = spBeamConfigCalls().filter((call) => call.target === SP_BEAM).length;
    expect(spBeamCalls()).toEqual([asked, 0, asked]);
  });

  it('without a scan’s context (the demo, the catalog) are the declared defaults', async () => {
    expect(await skyNoVoteBounds()).toBe(SKY_NO_VOTE_BOUNDS);
  });
});

describe('SP-BEAM’s bounds from a read (pure)', () => {
  const config = { readAt: 1_795_000_000, tauSeconds: 0, lastSetAt: 0, halted: false, rates: { SSR: { min: 200, max: 3000, step: 400 }, 'ETH-A': { min: 200, max: 3000, step: 0 } } };
  it('leave out a rate SP-BEAM does not configure (step 0), and carry no last change before the first set', () => {
    const { bounds } = skyChainBounds(config);
    expect(bounds.map((bound) => bound.parameter)).toEqual(['ssr']);
    expect(bounds[0]!.lastChangedAt).toBeUndefined();
  });
  it('a tau of 0 is a delay of one second: sets may follow each other at once', () => {
    expect(skyChainBounds(config).bounds[0]!.minDelaySeconds).toBe(1);
  });
});
