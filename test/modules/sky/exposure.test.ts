import { type Address, decodeFunctionData, getAddress, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import type { ExposurePosition } from '../../../shared/domain/position.js';
import { SKY_ETHEREUM } from '../../../shared/modules/sky/exposure/deployment.js';
import { skyRoundOne } from '../../../shared/modules/sky/exposure/readSkyHoldings.js';
import { vaultRoundOne } from '../../../shared/modules/sky/exposure/readSkyVaults.js';
import { skyExposure } from '../../../shared/modules/sky/exposure/skyExposure.js';
import { spBeamConfigCalls } from '../../../shared/modules/sky/readSpBeamConfig.js';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import type { FixtureFile } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../../../shared/upstream/upstreams.js';
import { itRejectsOnEthereumFaults } from '../../exposure/evmFaults.js';
import { syntheticChain } from '../../exposure/syntheticChain.js';
import { COUNTING_POLICY, TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';
import { SAVER, SKY_ABIS, skyState } from './skyChain.js';

const replay = useReplay();
const context = (upstreams: Upstreams) => ({ signal: new AbortController().signal, now: new Date('2026-11-22T12:00:00Z'), upstreams });
const saver: Wallet = { kind: 'evm', address: SAVER };
const nobody: Wallet = { kind: 'evm', address: '0x6666666666666666666666666666666666666666' };

describe('sky exposure over HTTP, answered by the replay server (synthetic chain: test/modules/sky/skyChain.ts)', () => {
  let server: ReplayServer;
  const captured: ExposurePosition[][] = [];

  beforeAll(async () => {
    // A capture pass learns the exact requests; the replay server then serves them like a recording (never written to test/fixtures).
    const chain = syntheticChain(SKY_ABIS, skyState());
    for (const wallet of [saver, nobody]) {
      // COUNTING_POLICY: a retried capture would serve its request twice in the counting tests' recording.
      const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: COUNTING_POLICY, env: {} });
      captured.push(await skyExposure().readPositions(wallet, context(upstreams)));
    }
    const fixture = {
      upstream: 'ethereum',
      protocol: 'json-rpc',
      description: 'synthetic exchanges of test/modules/sky/skyChain.ts (in memory, never a fixture file)',
      source: { kind: 'encoded', references: ['test/modules/sky/skyChain.ts (synthetic test vectors; rates from spells-mainnet src/test/rates.sol @17aee91)'] },
      exchanges: chain.exchanges,
    } as FixtureFile;
    server = await startReplayServer({ fixtures: [fixture] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads USDS, DAI, sUSDS and sDAI in ONE HTTP request: eth_chainId and one aggregate3 of the eight reads, the vault discovery and SP-BEAM’s bounds', async () => {
    const bodies: string[] = [];
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: COUNTING_POLICY, env: {}, fetch: (input, init) => (bodies.push(String(init?.body)), fetch(input, init)) });
    const positions = await skyExposure().readPositions(saver, context(upstreams));
    expect(server.misses).toEqual([]);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(1);
    expect(positions).toEqual(captured[0]);
    const calls = JSON.parse(bodies[0]!) as { method: string; params?: [{ data: Hex }, string] }[];
    expect(calls.map((call) => call.method).sort()).toEqual(['eth_call', 'eth_chainId']);
    const { args } = decodeFunctionData({ abi: multicall3Abi, data: calls.find((call) => call.method === 'eth_call')!.params![0].data });
    const sent = (args[0] as readonly { target: Address; callData: Hex }[]).map(({ target, callData }) => `${target.toLowerCase()}:${callData}`);
    expect(sent.sort()).toEqual([...skyRoundOne(getAddress(SAVER)), ...vaultRoundOne(getAddress(SAVER)), ...spBeamConfigCalls()].map(({ target, callData }) => `${target.toLowerCase()}:${callData}`).sort());
  });

  it('gives each holding on Ethereum with its market, value and rate, worked by hand', async () => {
    const positions = await skyExposure().readPositions(saver, context(createUpstreams({ endpoints: server.endpoints, policy: COUNTING_POLICY, env: {} })));
    const rows = positions.map(({ position }) => ({ id: position.id, asset: position.asset, amount: position.amount, chain: position.chain, market: position.market, holding: position.holding, valueUsd: position.valueUsd }));
    expect(rows).toEqual([
      { id: 'sky-usds', asset: 'USDS', amount: '1250.5', chain: 'ethereum', market: 'sky-usds', holding: 'liquid', valueUsd: 1250.5 },
      // 10,000 shares × chi 1.05 = 10,500 USDS.
      { id: 'sky-susds', asset: 'sUSDS', amount: '10000', chain: 'ethereum', market: 'sky-susds', holding: 'vault', valueUsd: 10_500 },
      { id: 'sky-dai', asset: 'DAI', amount: '300', chain: 'ethereum', market: 'sky-dai', holding: 'liquid', valueUsd: 300 },
      // 2,000 shares × chi 1.17 = 2,340 DAI.
      { id: 'sky-sdai', asset: 'sDAI', amount: '2000', chain: 'ethereum', market: 'sky-sdai', holding: 'vault', valueUsd: 2_340 },
    ]);
    // rates.sol's 450 and 400 bps rays compound to 4.5 % and 4 % a year.
    const apy = Object.fromEntries(positions.map(({ position }) => [position.id, position.apy]));
    expect(apy['sky-usds']).toBe(0);
    expect(apy['sky-dai']).toBe(0);
    expect(apy['sky-susds']).toBeCloseTo(0.045, 12);
    expect(apy['sky-sdai']).toBeCloseTo(0.04, 12);
    const inputs = Object.fromEntries(positions.map(({ position, inputs }) => [position.id, inputs]));
    expect(inputs['sky-susds']).toMatchObject({ role: 'supply', market: 'sky-susds', valueUsd: 10_500, savingsRate: 'ssr' });
    expect(inputs['sky-sdai']).toMatchObject({ role: 'supply', market: 'sky-sdai', valueUsd: 2_340, savingsRate: 'dsr' });
    expect(inputs['sky-usds']).toEqual({ role: 'balance', market: 'sky-usds', valueUsd: 1250.5 });
  });

  it('gives nothing for a wallet that holds none of the four, in the same one request', async () => {
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: COUNTING_POLICY, env: {} });
    expect(await skyExposure().readPositions(nobody, context(upstreams))).toEqual([]);
    expect(captured[1]).toEqual([]);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(1);
  });
});

describe('sky exposure when a read reverts (synthetic chain)', () => {
  it('fails rather than price sUSDS without its rate: a reverted ssr is upstream_malformed', async () => {
    const chain = syntheticChain(SKY_ABIS, skyState({ revert: `${SKY_ETHEREUM.sUsds}.ssr` }));
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: TEST_POLICY, env: {} });
    await expect(skyExposure().readPositions(saver, context(upstreams))).rejects.toMatchObject({ code: 'upstream_malformed' });
  });
});

describe('sky exposure on the replay server (no Sky answer is recorded: faults only)', () => {
  itRejectsOnEthereumFaults(replay, skyExposure, saver);
});
