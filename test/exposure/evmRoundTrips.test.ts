import { type Abi, type Address, decodeFunctionData, getAddress, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../shared/address/types.js';
import type { ExposurePosition } from '../../shared/domain/position.js';
import { aaveExposure } from '../../shared/modules/aave/exposure/aaveExposure.js';
import { CORE_ONLY } from '../../shared/modules/aave/exposure/markets.js';
import { AAVE_V3_ETHEREUM } from '../../shared/modules/aave/exposure/deployment.js';
import { dataProviderAbi, poolAbi } from '../../shared/readers/lendingPool/lendingPoolAbi.js';
import { aaveRoundOne } from '../../shared/modules/aave/exposure/readAaveAccount.js';
import { compoundExposure } from '../../shared/modules/compound/exposure/compoundExposure.js';
import { ETHEREUM_COMETS } from '../../shared/modules/compound/exposure/markets.js';
import { cometRoundOne } from '../../shared/modules/compound/exposure/readCometAccounts.js';
import { v2RoundOne } from '../../shared/modules/compound/exposure/readV2Account.js';
import { COMPTROLLER } from '../../shared/modules/compound/addresses.js';
import { LIDO } from '../../shared/modules/lido/exposure/deployment.js';
import { lidoExposure } from '../../shared/modules/lido/exposure/lidoExposure.js';
import { lidoRoundOne } from '../../shared/modules/lido/exposure/readLidoHoldings.js';
import type { ExposureComponent } from '../../shared/modules/types.js';
import { blockNumberCall, ethereumReader, type EvmCall, multicall3Abi, roundCalls } from '../../shared/upstream/clients/ethereumReader.js';
import { type ReplayServer, startReplayServer } from '../../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../../shared/upstream/upstreams.js';
import { COUNTING_POLICY, useReplay } from '../upstream/replayHarness.js';
import { syntheticChain, type SyntheticState } from './syntheticChain.js';
import { ABIS, BLOCK, captureScans, HOLDER, holderState, RESERVES, same } from './syntheticEvmWallet.js';

/*
 * The requirement: every EVM read of one wallet across aave, compound and lido goes
 * through Multicall3 in at most two HTTP requests to `ethereum`, and a module left out by the
 * `protocol` narrowing makes no call at all.
 */

const replay = useReplay();
const context = (upstreams: Upstreams) => ({ signal: new AbortController().signal, now: new Date('2026-11-22T12:00:00Z'), upstreams });
const exposures = (): Record<'aave' | 'compound' | 'lido', ExposureComponent> => ({
  aave: aaveExposure({ markets: CORE_ONLY }),
  compound: compoundExposure({ markets: ETHEREUM_COMETS }),
  lido: lidoExposure(),
});

/**
 * Upstreams on the replay server whose fetch also keeps each request body: the replay server's
 * miss list cuts bodies at 500 characters, and the aggregate3 calldata is longer.
 */
function spiedUpstreams(): { upstreams: Upstreams; bodies: string[] } {
  const bodies: string[] = [];
  const upstreams = createUpstreams({
    endpoints: replay.server.endpoints,
    policy: COUNTING_POLICY,
    env: {},
    fetch: (input, init) => {
      bodies.push(String(init?.body));
      return fetch(input, init);
    },
  });
  return { upstreams, bodies };
}

/** The one HTTP request's JSON-RPC calls: eth_chainId and the aggregate3 eth_call, whose inner calls are returned. */
function aggregatedCalls(body: string): EvmCall[] {
  const calls = JSON.parse(body) as { method: string; params?: [{ to: string; data: Hex }, string] }[];
  expect(calls.map((call) => call.method).sort()).toEqual(['eth_call', 'eth_chainId']);
  const request = calls.find((call) => call.method === 'eth_call')!;
  expect(request.params![1]).toBe('latest');
  const { args } = decodeFunctionData({ abi: multicall3Abi, data: request.params![0].data });
  return (args[0] as readonly { target: Address; callData: Hex }[]).map(({ target, callData }) => ({ target, callData }));
}

const roundOneOf = {
  aave: (user: Address) => aaveRoundOne(user, CORE_ONLY),
  compound: (user: Address) => [blockNumberCall, ...ETHEREUM_COMETS.flatMap((market) => cometRoundOne(market, user)), ...v2RoundOne(user)],
  // A fresh reader has seen no holder: Lido probes.
  lido: (user: Address) => lidoRoundOne(user, false),
};

describe('round one on the replay server (no answer recorded for it: the request itself is checked)', () => {
  // Any address: the first round's request is the same shape for every wallet.
  const wallet: Wallet = { kind: 'evm', address: '0x2f0EA53F92252167d658963f334a91de0824e322' };
  const user = getAddress(wallet.address);

  it('aave, compound and lido run in parallel send ONE HTTP request: eth_chainId and one aggregate3 with all their calls', async () => {
    replay.expectMisses(1);
    const { upstreams, bodies } = spiedUpstreams();
    const all = exposures();
    const results = await Promise.allSettled([all.aave, all.compound, all.lido].map((exposure) => exposure.readPositions(wallet, context(upstreams))));

    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(upstreams.counter.snapshot().ethereum).toMatchObject({ requests: 1, calls: 2, retries: 0 });
    expect(bodies).toHaveLength(1);
    const sent = aggregatedCalls(bodies[0]!);
    expect(sent).toEqual(roundCalls([roundOneOf.aave(user), roundOneOf.compound(user), roundOneOf.lido(user)]));
    // The block number all three pin their second round to is asked once.
    expect(sent.filter((call) => call.callData === blockNumberCall.callData)).toHaveLength(1);
    expect(new Set(sent.map((call) => call.target.toLowerCase()))).toEqual(
      new Set([...roundOneOf.aave(user), ...roundOneOf.compound(user), ...roundOneOf.lido(user)].map((call) => call.target.toLowerCase())),
    );
  });

  it.each(['aave', 'compound', 'lido'] as const)('with protocol=%s only, the request carries that module’s calls and no other', async (only) => {
    replay.expectMisses(1);
    const { upstreams, bodies } = spiedUpstreams();
    await expect(exposures()[only].readPositions(wallet, context(upstreams))).rejects.toThrow(/no recorded exchange/);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(1);
    expect(aggregatedCalls(bodies[0]!)).toEqual(roundCalls([roundOneOf[only](user)]));
  });
});

/* ---- two rounds, served by the replay server from exchanges of a synthetic chain --------------- */

describe('both rounds for a wallet in aave, compound and lido, answered by the replay server', () => {
  const wallet: Wallet = { kind: 'evm', address: HOLDER };
  let server: ReplayServer;
  let captured: Record<string, ExposurePosition[]>;
  let capturedWarm: Record<string, ExposurePosition[]>;

  beforeAll(async () => {
    // The capture pass learns the exact requests (they depend on round one's answers), for a first
    // scan and for a second one on the same upstreams, whose reader knows the markets' shapes;
    // the replay server then serves them over HTTP.
    const { fixture, results } = await captureScans(2, async (upstreams) => {
      const all = exposures();
      const [aave, compound, lido] = await Promise.all([all.aave, all.compound, all.lido].map((exposure) => exposure.readPositions(wallet, context(upstreams))));
      return { aave: aave!, compound: compound!, lido: lido! };
    });
    [captured, capturedWarm] = [results[0]!, results[1]!];
    server = await startReplayServer({ fixtures: [fixture] });
  });
  afterAll(async () => {
    await server?.close();
  });

  const replayUpstreams = () => createUpstreams({ endpoints: server.endpoints, policy: COUNTING_POLICY, env: {} });

  it('reads every position of the three modules in exactly two HTTP requests', async () => {
    const upstreams = replayUpstreams();
    const all = exposures();
    const [aave, compound, lido] = await Promise.all([all.aave, all.compound, all.lido].map((exposure) => exposure.readPositions(wallet, context(upstreams))));

    expect(server.misses).toEqual([]);
    const counts = upstreams.counter.snapshot();
    expect(counts.ethereum.requests).toBe(2);
    // Round one: eth_chainId + aggregate3; round two: aggregate3 at the block + the TokenRebased logs.
    expect(counts.ethereum.calls).toBe(4);
    expect(Object.entries(counts).filter(([id, count]) => id !== 'ethereum' && count.requests > 0)).toEqual([]);
    expect({ aave, compound, lido }).toEqual(captured);
    expect(aave!.map(({ position }) => position.id)).toEqual(['aave-v3-ethereum-weth-supply', 'aave-v3-ethereum-usdc-borrow']);
    expect(compound!.map(({ position }) => position.id)).toEqual(['comet-usdc-usdc-supply', 'compound-v2-ceth-supply', 'compound-v2-cusdc-borrow']);
    expect(lido!.map(({ position }) => position.id)).toEqual(['lido-steth', 'lido-wsteth']);
    // The simulator's inputs ride in the same two requests: rate models and the staking modules.
    expect(aave!.every(({ inputs }) => inputs.rateModel !== undefined)).toBe(true);
    expect(lido!.every(({ inputs }) => inputs.stakingModules?.length === 2)).toBe(true);
  });

  it('reads them again in ONE HTTP request once the reader knows the markets’ shapes, with the same positions', async () => {
    const upstreams = replayUpstreams();
    const all = exposures();
    const scan = () => Promise.all([all.aave, all.compound, all.lido].map((exposure) => exposure.readPositions(wallet, context(upstreams))));
    await scan();
    const before = upstreams.counter.snapshot().ethereum;
    const [aave, compound, lido] = await scan();

    expect(server.misses).toEqual([]);
    const after = upstreams.counter.snapshot().ethereum;
    expect(after.requests - before.requests).toBe(1);
    // eth_chainId, one aggregate3 with both rounds of all three modules, and the rebase logs.
    expect(after.calls - before.calls).toBe(3);
    expect({ aave, compound, lido }).toEqual(capturedWarm);
    expect(capturedWarm).toEqual(captured);
  });

  it('asks round two again at the block when governance changed a listing since the last scan, never answering from the old one', async () => {
    const LINK = getAddress('0x514910771AF9Ca656af840dff83E8264EcF986CA');
    let listed = RESERVES;
    let cometAssets = 2;
    const changing: SyntheticState = {
      ...holderState,
      answer(target, functionName, args, block) {
        if (functionName === 'getReservesList') return { abi: poolAbi as unknown as Abi, result: listed };
        if (functionName === 'getUserReserveData' && same(args[0], LINK)) return { abi: dataProviderAbi as unknown as Abi, result: [100n * 10n ** 18n, 0n, 0n, 0n, 0n, 0n, 0n, 0, true] };
        if (functionName === 'getAssetInfo' && (args[0] as number) >= cometAssets) return undefined;
        return holderState.answer(target, functionName, args, block);
      },
    };
    const chain = syntheticChain(ABIS, changing);
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: COUNTING_POLICY, env: {} });
    const all = exposures();
    const scan = () => Promise.all([all.aave, all.compound].map((exposure) => exposure.readPositions(wallet, context(upstreams))));
    const requests = () => upstreams.counter.snapshot().ethereum.requests;

    const [aaveBefore] = await scan();
    expect(requests()).toBe(2);
    listed = [...RESERVES, LINK];
    cometAssets = 3;
    const [aaveAfter, compoundAfter] = await scan();
    expect(requests()).toBe(4);
    expect(aaveAfter!.length).toBe(aaveBefore!.length + 1);
    expect(aaveAfter!.at(-1)!.position.id).toBe('aave-v3-ethereum-link-supply');
    expect(compoundAfter).toEqual(captured.compound);
    // And the scan after that, on the new shapes, is one request again.
    await scan();
    expect(requests()).toBe(5);
  });

  it('still joins modules that start a few milliseconds apart, as the scan’s lazy module loads do', async () => {
    const upstreams = replayUpstreams();
    // The reader's window made 40 ms for this test (readers are one per upstream, so the exposures
    // get this one): the modules start 3 and 6 ms apart, and on a loaded CI machine a timer can fire
    // more than the default 10 ms late, which split the round in a clean-clone run.
    ethereumReader(upstreams.ethereum, { windowMs: 40 });
    const all = exposures();
    const later = (ms: number, exposure: ExposureComponent) => new Promise<ExposurePosition[]>((resolve, reject) => setTimeout(() => exposure.readPositions(wallet, context(upstreams)).then(resolve, reject), ms));
    const [aave, compound, lido] = await Promise.all([all.aave.readPositions(wallet, context(upstreams)), later(3, all.compound), later(6, all.lido)]);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(2);
    expect({ aave, compound, lido }).toEqual(captured);
  });

  it('lets one module give up on its deadline while the others get their answers', async () => {
    // Round two then lacks the aborted module's calls, so the synthetic chain answers it directly.
    const chain = syntheticChain(ABIS, holderState);
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: COUNTING_POLICY, env: {} });
    const all = exposures();
    const controller = new AbortController();
    const results = Promise.allSettled([
      all.aave.readPositions(wallet, { ...context(upstreams), signal: controller.signal }),
      all.compound.readPositions(wallet, context(upstreams)),
      all.lido.readPositions(wallet, context(upstreams)),
    ]);
    controller.abort(new Error('aave deadline'));
    const [aave, compound, lido] = await results;
    expect(aave).toMatchObject({ status: 'rejected', reason: new Error('aave deadline') });
    expect(compound).toEqual({ status: 'fulfilled', value: captured.compound });
    expect(lido).toEqual({ status: 'fulfilled', value: captured.lido });
  });

  it('pins round two to the block Multicall3 reported in round one', async () => {
    const chain = syntheticChain(ABIS, holderState);
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: COUNTING_POLICY, env: {} });
    await exposures().aave.readPositions(wallet, context(upstreams));
    const calls = chain.exchanges.filter((exchange) => exchange.request.method === 'eth_call').map((exchange) => (exchange.request.params as unknown[])[1]);
    expect(calls).toEqual(['latest', `0x${BLOCK.toString(16)}`]);
  });

  it.each(['aave', 'compound', 'lido'] as const)('with protocol=%s only, two requests and no other module’s contract', async (only) => {
    const upstreams = replayUpstreams();
    const before = server.received.ethereum;
    // The replay server answers only the three-module rounds, so a lone module's rounds miss:
    // what matters here is that nothing of the others is asked and the count stays at most two.
    await exposures()[only].readPositions(wallet, context(upstreams)).catch(() => undefined);
    expect(upstreams.counter.snapshot().ethereum.requests).toBeLessThanOrEqual(2);
    expect(server.received.ethereum - before).toBe(upstreams.counter.snapshot().ethereum.requests);
    const others = { aave: [AAVE_V3_ETHEREUM.pool], compound: [...ETHEREUM_COMETS.map((market) => market.comet), COMPTROLLER], lido: [LIDO.stETH, LIDO.stakingRouter] };
    const foreign = Object.entries(others)
      .filter(([slug]) => slug !== only)
      .flatMap(([, targets]) => targets.map((target) => target.toLowerCase().slice(2)));
    const missed = server.misses.splice(0).map((miss) => miss.request.toLowerCase());
    expect(missed.length).toBeGreaterThan(0);
    for (const request of missed) for (const target of foreign) expect(request).not.toContain(target);
  });
});
