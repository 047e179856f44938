import { type Abi, decodeFunctionData, encodeAbiParameters, encodeFunctionData, type Hex, slice, toFunctionSelector } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import type { ExposurePosition } from '../../../shared/domain/position.js';
import { aaveExposure } from '../../../shared/modules/aave/exposure/aaveExposure.js';
import { bridgeAbi, bridgedProposalParameters } from '../../../shared/modules/compound/abi.js';
import { L1_BRIDGES } from '../../../shared/modules/compound/cometMarketNames.js';
import { decodeActions } from '../../../shared/modules/compound/decodeActions.js';
import { compoundInfo } from '../../../shared/modules/compound/info.js';
import { compoundExposure } from '../../../shared/modules/compound/exposure/compoundExposure.js';
import { COMET_MARKETS, cometsByChain } from '../../../shared/modules/compound/exposure/markets.js';
import { PartialPositions } from '../../../shared/modules/partialPositions.js';
import { readPositions } from '../../../shared/scan/readPositions.js';
import type { UpstreamId } from '../../../shared/upstream/endpoints.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../../../shared/upstream/upstreams.js';
import type { SyntheticState } from '../../exposure/syntheticChain.js';
import { captureScans, HOLDER, same } from '../../exposure/syntheticEvmWallet.js';
import { cometAbi } from '../../../shared/modules/compound/exposure/exposureAbi.js';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import { proposal } from '../../simulate/fixtures.js';
import { simulateProposal, touches } from '../../support/simulator.js';
import { TEST_POLICY } from '../../upstream/replayHarness.js';
import { ARBITRUM_USDC_COMET, ARBITRUM_WETH, l2CometHolderState } from './syntheticL2Comet.js';

/*
 * Compound III on every Comet a chain upstream serves (issue #22 item 2), over real HTTP to the
 * replay server serving the exchanges of a SYNTHETIC holder (syntheticL2Comet.ts: Ethereum's USDC
 * Comet and Arbitrum's, with Aave beside them): requests per chain, a failed chain, and a bridged
 * proposal for the Arbitrum Comet.
 */
const wallet: Wallet = { kind: 'evm', address: HOLDER };
const COMET_CHAINS = [...cometsByChain().keys()];
const HOLDING_CHAINS: readonly UpstreamId[] = ['ethereum', 'arbitrum'];
let server: ReplayServer;
let captured: ExposurePosition[];

const scanContext = (upstreams: Upstreams) => ({ signal: AbortSignal.timeout(20_000), now: new Date('2026-11-25T12:00:00Z'), upstreams });
/** Both lending modules at once, as a scan runs them: their rounds on a chain share its reader. */
const bothModules = (upstreams: Upstreams) =>
  Promise.all([compoundExposure().readPositions(wallet, scanContext(upstreams)), aaveExposure().readPositions(wallet, scanContext(upstreams))]).then(([compound]) => compound);

beforeAll(async () => {
  // Recorded twice on one set of upstreams: a fresh process's rounds, then a warm one's.
  const compoundOnly = await captureScans(2, (upstreams) => compoundExposure().readPositions(wallet, scanContext(upstreams)), l2CometHolderState);
  const both = await captureScans(2, bothModules, l2CometHolderState);
  captured = compoundOnly.results[0]!;
  server = await startReplayServer({ fixtures: [...compoundOnly.fixtures, ...both.fixtures] });
});
afterAll(async () => server?.close());

// Several upstreams answered by one replay server in this process: a longer per-call deadline than TEST_POLICY's.
const upstreams = () => createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, retries: 0, deadlineMs: 5_000 }, env: {} });
const requestsOn = (counted: Upstreams, chains: readonly UpstreamId[]) => Object.fromEntries(chains.map((chain) => [chain, counted.counter.snapshot()[chain].requests]));
const perChain = (chains: readonly UpstreamId[], count: (chain: UpstreamId) => number) => Object.fromEntries(chains.map((chain) => [chain, count(chain)]));

describe('compound exposure on every Comet chain', () => {
  it('reads 26 Comets on 9 chains, the chains GET /api lists for compound', () => {
    expect(COMET_MARKETS).toHaveLength(26);
    expect(COMET_CHAINS).toEqual(['ethereum', 'arbitrum', 'base', 'linea', 'mantle', 'optimism', 'polygon', 'scroll', 'unichain']);
    expect(compoundInfo.chains).toEqual(COMET_CHAINS);
    expect(compoundInfo.upstreams.map(({ id }) => id)).toEqual(expect.arrayContaining(COMET_CHAINS));
  });

  it('names each position’s chain and Comet: the Ethereum USDC supply and the Arbitrum WETH collateral and USDC borrow', () => {
    expect(captured.map(({ position }) => [position.id, position.chain, position.market])).toEqual([
      ['comet-usdc-usdc-supply', 'ethereum', 'comet-usdc'],
      ['compound-v2-ceth-supply', 'ethereum', 'compound-v2'],
      ['compound-v2-cusdc-borrow', 'ethereum', 'compound-v2'],
      ['comet-usdc-arbitrum-usdc-borrow', 'arbitrum', 'comet-usdc-arbitrum'],
      ['comet-usdc-arbitrum-weth-collateral', 'arbitrum', 'comet-usdc-arbitrum'],
    ]);
    const borrow = captured.find(({ position }) => position.id === 'comet-usdc-arbitrum-usdc-borrow')!;
    // The base token and its decimals come from the Comet: 4,000 USDC (6 decimals); HF = 3 × 3,000 × 0.85 / 4,000.
    expect(borrow.position).toMatchObject({ asset: 'USDC', amount: '4000', valueUsd: 4000 });
    expect(borrow.position.healthFactor).toBeCloseTo(1.9125, 12);
    expect(borrow.inputs.market).toBe('comet-usdc-arbitrum');
  });

  it('costs 2 requests on a chain where the wallet holds a Comet and 1 elsewhere on a fresh process, then 1 per chain', async () => {
    const counted = upstreams();
    await compoundExposure().readPositions(wallet, scanContext(counted));
    expect(requestsOn(counted, COMET_CHAINS)).toEqual(perChain(COMET_CHAINS, (chain) => (HOLDING_CHAINS.includes(chain) ? 2 : 1)));
    await compoundExposure().readPositions(wallet, scanContext(counted));
    expect(requestsOn(counted, COMET_CHAINS)).toEqual(perChain(COMET_CHAINS, (chain) => (HOLDING_CHAINS.includes(chain) ? 3 : 2)));
    expect(server.misses).toEqual([]);
  });

  it('finds a Comet the wallet came to hold since its last scan: userBasic alone probes it, then the rest at the probe’s block, one request more', async () => {
    // The same upstreams scan twice: Arbitrum's USDC Comet empty the first time, the holder's account the second.
    let holding = false;
    const empty: Readonly<Record<string, unknown>> = { balanceOf: 0n, borrowBalanceOf: 0n, collateralBalanceOf: 0n, userBasic: [0n, 0n, 0n, 0, 0] };
    const state: SyntheticState = {
      answer: (target, functionName, args, block, chain) =>
        !holding && chain === 'arbitrum' && same(target, ARBITRUM_USDC_COMET) && functionName in empty
          ? { abi: cometAbi as unknown as Abi, result: empty[functionName] }
          : l2CometHolderState.answer(target, functionName, args, block, chain),
    };
    const scans = await captureScans(
      2,
      async (counted) => {
        const read = await compoundExposure({ markets: COMET_MARKETS.filter((market) => market.chain === 'arbitrum') }).readPositions(wallet, scanContext(counted));
        holding = true;
        return { read, requests: counted.counter.snapshot().arbitrum.requests };
      },
      state,
    );
    const [before, after] = scans.results as [{ read: ExposurePosition[]; requests: number }, { read: ExposurePosition[]; requests: number }];
    expect(before.read).toEqual([]);
    expect(before.requests).toBe(1);
    // The second scan: the probe (one userBasic per Comet), then the Comet read in full and its round two.
    expect(after.requests - before.requests).toBe(2);
    expect(after.read.map(({ position }) => position.id)).toEqual(captured.filter(({ position }) => position.chain === 'arbitrum').map(({ position }) => position.id));
    expect(after.read).toEqual(captured.filter(({ position }) => position.chain === 'arbitrum'));
    const calls = scans.fixtures.find((fixture) => fixture.upstream === 'arbitrum')!.exchanges.map((exchange) => exchange.request as { method: string; params: [{ data: Hex }] }).filter((request) => request.method === 'eth_call');
    const probed = decodeFunctionData({ abi: multicall3Abi, data: calls[1]!.params[0].data }).args[0] as readonly { callData: Hex }[];
    expect(new Set(probed.map((call) => call.callData.slice(0, 10)))).toEqual(new Set([toFunctionSelector('userBasic(address)'), toFunctionSelector('getBlockNumber()')]));
  });

  it('shares each chain’s requests with Aave: at most 2 per chain cold, 1 warm, with both modules reading', async () => {
    const counted = upstreams();
    await bothModules(counted);
    const cold = requestsOn(counted, COMET_CHAINS);
    expect(Object.values(cold).every((count) => count <= 2)).toBe(true);
    // Arbitrum holds both an Aave and a Comet account: still two requests, not four.
    expect(cold.arbitrum).toBe(2);
    await bothModules(counted);
    const warm = requestsOn(counted, COMET_CHAINS);
    expect(perChain(COMET_CHAINS, (chain) => warm[chain]! - cold[chain]!)).toEqual(perChain(COMET_CHAINS, () => 1));
    expect(server.misses).toEqual([]);
  });

  it('keeps the other chains’ positions when Arbitrum fails, and names arbitrum', async () => {
    server.faults.inject('arbitrum', { kind: 'status', status: 503 });
    try {
      const error = await compoundExposure()
        .readPositions(wallet, scanContext(upstreams()))
        .then(
          () => undefined,
          (reason: unknown) => reason,
        );
      expect(error).toBeInstanceOf(PartialPositions);
      const partial = error as PartialPositions;
      expect(partial.chains.map(({ chain }) => chain)).toEqual(['arbitrum']);
      expect(partial.positions.map(({ position }) => position.id)).toEqual(captured.filter(({ position }) => position.chain !== 'arbitrum').map(({ position }) => position.id));
    } finally {
      server.faults.clear();
    }
  });

  it('answers the scan partial, compound degraded on arbitrum alone, when that endpoint serves another chain', async () => {
    server.faults.inject('arbitrum', { kind: 'wrongChain' });
    try {
      const read = await readPositions(wallet, { only: ['compound'], deadlineMs: 20_000, now: new Date(), upstreams: upstreams() });
      expect(read.degraded).toEqual([{ module: 'compound', component: 'exposure', chain: 'arbitrum', message: expect.stringMatching(/arbitrum/) }]);
      expect(read.positions.map(({ position }) => position.id)).toEqual(captured.filter(({ position }) => position.chain !== 'arbitrum').map(({ position }) => position.id));
    } finally {
      server.faults.clear();
      server.misses.splice(0);
    }
  });
});

describe('a mainnet proposal bridged to the Arbitrum USDC Comet', () => {
  const arbitrumInbox = Object.entries(L1_BRIDGES).find(([, chain]) => chain === 'arbitrum')![0];
  const RECEIVER = '0x0000000000000000000000000000000000000b1d';
  const COMPOUND = { id: 'compound-test-1', protocol: 'compound' } as const;
  const CONFIGURATOR = '0x0000000000000000000000000000000000000c0f';

  /**
   * The Timelock's call to the Arbitrum Inbox carrying an L2 proposal of one
   * Configurator.updateAssetLiquidateCollateralFactor(comet, WETH, 0.80e18), encoded as
   * compound-finance/comet's migrations build it (Bravo-style signature, argument-only calldata).
   */
  function bridgedAction() {
    const args = encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint64' }], [ARBITRUM_USDC_COMET, ARBITRUM_WETH, 8n * 10n ** 17n]);
    const l2Proposal = encodeAbiParameters(bridgedProposalParameters, [[CONFIGURATOR], [0n], ['updateAssetLiquidateCollateralFactor(address,address,uint64)'], [args]]);
    const data = encodeFunctionData({ abi: bridgeAbi, functionName: 'createRetryableTicket', args: [RECEIVER, 0n, 10n ** 15n, RECEIVER, RECEIVER, 1_000_000n, 10n ** 9n, l2Proposal] });
    const signature = 'createRetryableTicket(address,uint256,uint256,address,address,uint256,uint256,bytes)';
    expect(slice(data, 0, 4)).toBe(toFunctionSelector(signature));
    return { target: arbitrumInbox, value: 0n, signature, calldata: slice(data, 4) as Hex };
  }

  it('decodes to the WETH liquidation threshold of comet-usdc-arbitrum, the market and asset the Arbitrum positions carry', () => {
    const [change] = decodeActions([bridgedAction()]);
    expect(change).toMatchObject({ market: 'comet-usdc-arbitrum', asset: 'WETH', parameter: 'liquidationThreshold', to: 8000, unit: 'bps', verified: true });
  });

  it('reaches the Arbitrum holder’s borrow and collateral, and not the Ethereum Comet supply', () => {
    const [change] = decodeActions([bridgedAction()]);
    expect(captured.filter((exposure) => touches(change!, exposure)).map(({ position }) => position.id)).toEqual(['comet-usdc-arbitrum-usdc-borrow', 'comet-usdc-arbitrum-weth-collateral']);
  });

  it('moves the Arbitrum account’s health factor to 3 × 3,000 × 0.80 / 4,000, and leaves a wallet on Ethereum alone', () => {
    const [change] = decodeActions([bridgedAction()]);
    const impact = simulateProposal(proposal([change!], COMPOUND), captured);
    // 3 × 3,000 × 0.85 / 4,000 = 1.9125 → 3 × 3,000 × 0.80 / 4,000 = 1.8.
    expect(impact?.estimatedChange).toBe('health factor 1.91 → 1.80');
    expect(simulateProposal(proposal([change!], COMPOUND), captured.filter(({ position }) => position.chain === 'ethereum'))).toBeNull();
  });
});
