import { type Address, decodeFunctionData, getAddress, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import type { ExposurePosition } from '../../../shared/domain/position.js';
import { aaveExposure } from '../../../shared/modules/aave/exposure/aaveExposure.js';
import { CORE_ONLY } from '../../../shared/modules/aave/exposure/markets.js';
import { AAVE_V3_ETHEREUM } from '../../../shared/modules/aave/exposure/deployment.js';
import { aaveRoundOne } from '../../../shared/modules/aave/exposure/readAaveAccount.js';
import { SPARKLEND_ETHEREUM, SPARKLEND_ETHEREUM_MARKET } from '../../../shared/modules/spark/exposure/deployment.js';
import { SPARKLEND_ETHEREUM_ONLY, sparkExposure } from '../../../shared/modules/spark/exposure/sparkExposure.js';
import { lendingPoolFirstRequest } from '../../../shared/readers/lendingPool/lendingPoolRounds.js';
import { type EvmCall, multicall3Abi, roundCalls } from '../../../shared/upstream/clients/ethereumReader.js';
import type { FixtureFile } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../../../shared/upstream/upstreams.js';
import { syntheticChain } from '../../exposure/syntheticChain.js';
import { ABIS, HOLDER } from '../../exposure/syntheticEvmWallet.js';
import { COUNTING_POLICY, useReplay } from '../../upstream/replayHarness.js';
import { BORROWER, SPARK_ABIS, sparkLendState, withAaveHolder } from './sparkLendChain.js';

/*
 * The issue's budget with spark beside aave: every EVM read of one wallet in both lending pools goes
 * through Multicall3 in at most two HTTP requests to `ethereum` (one once the reader knows both
 * markets' shapes), over real HTTP to the replay server.
 */

const replay = useReplay();
const context = (upstreams: Upstreams) => ({ signal: new AbortController().signal, now: new Date('2026-11-22T12:00:00Z'), upstreams });
const exposures = () => ({ spark: sparkExposure({ markets: SPARKLEND_ETHEREUM_ONLY }), aave: aaveExposure({ markets: CORE_ONLY }) });

describe('round one of spark and aave on the replay server (the request itself is checked)', () => {
  const wallet: Wallet = { kind: 'evm', address: '0x2f0EA53F92252167d658963f334a91de0824e322' };
  const user = getAddress(wallet.address);

  it('sends ONE HTTP request for both: eth_chainId and one aggregate3 with both markets’ calls', async () => {
    replay.expectMisses(1);
    const bodies: string[] = [];
    const upstreams = createUpstreams({ endpoints: replay.server.endpoints, policy: COUNTING_POLICY, env: {}, fetch: (input, init) => (bodies.push(String(init?.body)), fetch(input, init)) });
    const { spark, aave } = exposures();
    const results = await Promise.allSettled([spark.readPositions(wallet, context(upstreams)), aave.readPositions(wallet, context(upstreams))]);

    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(upstreams.counter.snapshot().ethereum).toMatchObject({ requests: 1, calls: 2 });
    const calls = JSON.parse(bodies[0]!) as { method: string; params?: [{ data: Hex }, string] }[];
    const aggregate = calls.find((call) => call.method === 'eth_call')!;
    const { args } = decodeFunctionData({ abi: multicall3Abi, data: aggregate.params![0].data });
    const sent = (args[0] as readonly { target: Address; callData: Hex }[]).map(({ target, callData }): EvmCall => ({ target, callData }));
    expect(sent).toEqual(roundCalls([lendingPoolFirstRequest(SPARKLEND_ETHEREUM_MARKET, user), aaveRoundOne(user, CORE_ONLY)]));
  });
});

describe('both rounds of a wallet in SparkLend and Aave, answered by the replay server (synthetic chain)', () => {
  const wallet: Wallet = { kind: 'evm', address: HOLDER };
  let server: ReplayServer;
  const captured: Record<string, ExposurePosition[]>[] = [];

  beforeAll(async () => {
    // The capture pass learns the exact requests of a cold and of a warm scan on one reader; the
    // replay server then serves them over HTTP, like a recording (never written to test/fixtures).
    const chain = syntheticChain([...SPARK_ABIS, ...ABIS], withAaveHolder(sparkLendState(BORROWER)));
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: COUNTING_POLICY, env: {} });
    for (let run = 0; run < 2; run++) {
      const { spark, aave } = exposures();
      const [sparkPositions, aavePositions] = await Promise.all([spark.readPositions(wallet, context(upstreams)), aave.readPositions(wallet, context(upstreams))]);
      captured.push({ spark: sparkPositions, aave: aavePositions });
    }
    const fixture = {
      upstream: 'ethereum',
      protocol: 'json-rpc',
      description: 'synthetic exchanges of test/modules/spark/sparkLendChain.ts and test/exposure/syntheticEvmWallet.ts (in memory, never a fixture file)',
      source: { kind: 'encoded', references: ['test/modules/spark/sparkLendChain.ts (synthetic test vectors)'] },
      exchanges: chain.exchanges,
    } as FixtureFile;
    server = await startReplayServer({ fixtures: [fixture] });
  });
  afterAll(async () => {
    await server?.close();
  });

  const replayUpstreams = () => createUpstreams({ endpoints: server.endpoints, policy: COUNTING_POLICY, env: {} });

  it('reads both modules’ positions in exactly two HTTP requests on a cold reader', async () => {
    const upstreams = replayUpstreams();
    const { spark, aave } = exposures();
    const [sparkPositions, aavePositions] = await Promise.all([spark.readPositions(wallet, context(upstreams)), aave.readPositions(wallet, context(upstreams))]);
    expect(server.misses).toEqual([]);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(2);
    expect({ spark: sparkPositions, aave: aavePositions }).toEqual(captured[0]);
    expect(sparkPositions.map(({ position }) => position.id)).toEqual(['sparklend-ethereum-weth-supply', 'sparklend-ethereum-usdt-borrow']);
    expect(aavePositions.map(({ position }) => position.id)).toEqual(['aave-v3-ethereum-weth-supply', 'aave-v3-ethereum-usdc-borrow']);
  });

  it('reads them again in ONE HTTP request once the reader knows both shapes, SparkLend’s rate models included', async () => {
    const upstreams = replayUpstreams();
    const { spark, aave } = exposures();
    const scan = () => Promise.all([spark.readPositions(wallet, context(upstreams)), aave.readPositions(wallet, context(upstreams))]);
    await scan();
    const before = upstreams.counter.snapshot().ethereum.requests;
    const [sparkPositions, aavePositions] = await scan();
    expect(server.misses).toEqual([]);
    expect(upstreams.counter.snapshot().ethereum.requests - before).toBe(1);
    expect({ spark: sparkPositions, aave: aavePositions }).toEqual(captured[1]);
    expect(sparkPositions.every(({ inputs }) => inputs.rateModel !== undefined)).toBe(true);
  });

  it('with protocol=spark only, at most two requests and no Aave contract asked', async () => {
    const bodies: string[] = [];
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: COUNTING_POLICY, env: {}, fetch: (input, init) => (bodies.push(String(init?.body)), fetch(input, init)) });
    // The replay server answers only the two-module rounds, so a lone module's rounds miss.
    await exposures().spark.readPositions(wallet, context(upstreams)).catch(() => undefined);
    server.misses.splice(0);
    expect(upstreams.counter.snapshot().ethereum.requests).toBeLessThanOrEqual(2);
    const targets = bodies.flatMap((body) =>
      (JSON.parse(body) as { method: string; params?: [{ data: Hex }, string] }[])
        .filter((call) => call.method === 'eth_call')
        .flatMap((call) => (decodeFunctionData({ abi: multicall3Abi, data: call.params![0].data }).args[0] as readonly { target: Address }[]).map(({ target }) => target.toLowerCase())),
    );
    expect(targets).toContain(SPARKLEND_ETHEREUM.pool.toLowerCase());
    expect(targets).not.toContain(AAVE_V3_ETHEREUM.pool.toLowerCase());
  });
});
