import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../shared/address/types.js';
import { modulesFor } from '../../shared/modules/loaders.js';
import { MODULES } from '../../shared/modules/registry.js';
import { type ReplayServer, startReplayServer } from '../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { readPositions } from '../../shared/scan/readPositions.js';
import { TEST_POLICY } from '../upstream/replayHarness.js';
import type { UpstreamId } from '../../shared/upstream/endpoints.js';
import { AAVE_CHAINS, AAVE_HOLDING_CHAINS, captureScans, EVM_SCAN_CHAINS, HOLDER } from './syntheticEvmWallet.js';

/*
 * A scan of an evm wallet fans out to every registered EVM module at once (the scan's own path,
 * readPositions), and their reads ride one Multicall round trip or two per chain: issue #13 keeps the
 * target of two HTTP requests to `ethereum` for a first scan, one when the reader knows the markets,
 * with every EVM module the registry lists, and issue #22 the same per chain for Aave's markets on
 * every chain an upstream serves (synthetic chains of syntheticEvmWallet.ts, replayed over HTTP).
 */
const wallet: Wallet = { kind: 'evm', address: HOLDER };
const EVM_MODULES = MODULES.filter((module) => (module.addressKinds as readonly string[]).includes('evm')).map((module) => module.slug);
let server: ReplayServer;

beforeAll(async () => {
  // Module code loaded first, as in a warm process: the capture and the replayed scans then batch alike.
  await Promise.all(modulesFor('evm').map((module) => module.load()));
  const { fixtures } = await captureScans(2, (upstreams) => readPositions(wallet, { deadlineMs: 10_000, now: new Date(), upstreams }));
  server = await startReplayServer({ fixtures });
});
afterAll(async () => server?.close());

describe('a scan of an evm wallet with every EVM module of the registry', () => {
  it('asks all of them: aave, compound, lido, morpho, spark and sky', () => {
    expect(modulesFor('evm').map((module) => module.slug)).toEqual(EVM_MODULES);
    expect(EVM_MODULES).toHaveLength(6);
  });

  it('reads them all in at most two HTTP requests per chain (ethereum, base, every Aave chain and Unichain’s Comets; one where the wallet holds nothing), then ONE per chain once the reader knows the markets, and nothing elsewhere', async () => {
    // 21 upstreams answered at once by one replay server in this process: a longer per-call deadline than TEST_POLICY's.
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 5_000 }, env: {} });
    const first = await readPositions(wallet, { deadlineMs: 10_000, now: new Date(), upstreams });
    const afterFirst = upstreams.counter.snapshot();
    expect(first.degraded).toEqual([]);
    const chains = EVM_SCAN_CHAINS;
    expect(chains).toEqual([...AAVE_CHAINS, 'unichain']);
    expect(chains).toHaveLength(21);
    // Cold: round one with each Aave and SparkLend market's UI-provider probe, then round two only
    // where the probe finds something (the holder's Aave chains) or a module reads in two rounds
    // anyway (Morpho's Base vaults).
    const twoRounds = new Set(['ethereum', ...AAVE_HOLDING_CHAINS, 'base']);
    expect(Object.fromEntries(chains.map((chain) => [chain, afterFirst[chain as UpstreamId].requests]))).toEqual(Object.fromEntries(chains.map((chain) => [chain, twoRounds.has(chain) ? 2 : 1])));
    expect(Object.entries(afterFirst).filter(([id, count]) => !chains.includes(id as UpstreamId) && count.requests > 0)).toEqual([]);

    const second = await readPositions(wallet, { deadlineMs: 10_000, now: new Date(), upstreams });
    const afterSecond = upstreams.counter.snapshot();
    expect(second.degraded).toEqual([]);
    expect(Object.fromEntries(chains.map((chain) => [chain, afterSecond[chain as UpstreamId].requests - afterFirst[chain as UpstreamId].requests]))).toEqual(Object.fromEntries(chains.map((chain) => [chain, 1])));
    expect(second.positions).toEqual(first.positions);
    expect(server.misses).toEqual([]);
  });

  it('finds the holder’s Aave positions on each chain it is on, each naming its chain and market, and its v4 Main spoke account on Ethereum', async () => {
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 5_000 }, env: {} });
    const read = await readPositions(wallet, { deadlineMs: 10_000, now: new Date(), upstreams });
    const aave = read.positions.filter(({ position }) => position.protocol === 'aave').map(({ position }) => [position.id, position.chain, position.market]);
    const v4 = 'aave-v4-ethereum-main';
    expect(aave).toEqual(
      ['ethereum', ...AAVE_HOLDING_CHAINS].flatMap((chain) => {
        const market = `aave-v3-${chain}`;
        return [
          [`${market}-weth-supply`, chain, market],
          [`${market}-usdc-borrow`, chain, market],
          ...(chain === 'ethereum' ? [[`${v4}-weth-supply`, chain, v4], [`${v4}-usdc-borrow`, chain, v4]] : []),
        ];
      }),
    );
  });

  it('finds the holder’s sUSDS on Ethereum, at the SSR, in the same rounds', async () => {
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 5_000 }, env: {} });
    const read = await readPositions(wallet, { deadlineMs: 10_000, now: new Date(), upstreams });
    const sky = read.positions.filter(({ position }) => position.protocol === 'sky').map(({ position }) => [position.id, position.chain, position.market, position.valueUsd]);
    // 10,000 shares at skyChain.ts's synthetic chi of 1.05.
    expect(sky).toEqual([['sky-susds', 'ethereum', 'sky-susds', 10_500]]);
  });

  it('names Ethereum and the Comet (or v2) on every Compound position, as the changes for it name the market', async () => {
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 5_000 }, env: {} });
    const read = await readPositions(wallet, { deadlineMs: 10_000, now: new Date(), upstreams });
    const compound = read.positions.filter(({ position }) => position.protocol === 'compound');
    expect(compound.length).toBeGreaterThan(0);
    expect(compound.map(({ position, inputs }) => [position.id, position.chain, position.market === inputs.market])).toEqual(compound.map(({ position }) => [position.id, 'ethereum', true]));
    expect(new Set(compound.map(({ position }) => position.market))).toEqual(new Set(['comet-usdc', 'compound-v2']));
  });
});
