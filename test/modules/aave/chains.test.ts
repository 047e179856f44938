import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import type { ExposurePosition } from '../../../shared/domain/position.js';
import { aaveExposure } from '../../../shared/modules/aave/exposure/aaveExposure.js';
import { AAVE_MARKETS } from '../../../shared/modules/aave/exposure/markets.js';
import { marketOfPool } from '../../../shared/modules/aave/marketOfPool.js';
import { PartialPositions } from '../../../shared/modules/partialPositions.js';
import { readPositions } from '../../../shared/scan/readPositions.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { AAVE_CHAINS, captureScans, HOLDER } from '../../exposure/syntheticEvmWallet.js';
import { change, proposal } from '../../simulate/fixtures.js';
import { simulateProposal, touches } from '../../support/simulator.js';
import { TEST_POLICY } from '../../upstream/replayHarness.js';

/*
 * Aave on every chain at once (issue #22 item 1), over real HTTP to the replay server serving the
 * exchanges of the synthetic holder (test/exposure/syntheticEvmWallet.ts: Ethereum Core, Arbitrum
 * and Base; synthetic vectors, never a fixture file): a failed chain costs that chain's positions
 * only, and a proposal for one chain's market reaches that market's holders only.
 */
const wallet: Wallet = { kind: 'evm', address: HOLDER };
let server: ReplayServer;
let captured: ExposurePosition[];

beforeAll(async () => {
  const { fixtures, results } = await captureScans(1, (upstreams) => aaveExposure().readPositions(wallet, { signal: AbortSignal.timeout(30_000), now: new Date(), upstreams }));
  captured = results[0]!;
  server = await startReplayServer({ fixtures });
});
afterAll(async () => server?.close());

// 20 upstreams answered by one replay server in this process: a longer per-call deadline than TEST_POLICY's.
const upstreams = () => createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, retries: 0, deadlineMs: 5_000 }, env: {} });
const context = () => ({ signal: AbortSignal.timeout(20_000), now: new Date(), upstreams: upstreams() });
const positionIds = (positions: readonly ExposurePosition[]) => positions.map(({ position }) => position.id);

describe('aave exposure on every chain', () => {
  it('reads all 23 markets of the address book on their 20 chains, Ethereum’s Core, Prime, EtherFi and Horizon included', () => {
    expect(AAVE_MARKETS).toHaveLength(23);
    expect(AAVE_CHAINS).toHaveLength(20);
    expect(AAVE_MARKETS.find((market) => market.chain === 'megaeth')?.market).toBe('aave-v3-megaeth');
    expect(AAVE_MARKETS.filter((market) => market.chain === 'ethereum').map((market) => market.market)).toEqual(['aave-v3-ethereum', 'aave-v3-ethereum-lido', 'aave-v3-ethereum-etherfi', 'aave-v3-ethereum-horizon']);
  });

  it('keeps the other chains’ positions when Arbitrum fails, and names arbitrum', async () => {
    server.faults.inject('arbitrum', { kind: 'status', status: 503 });
    try {
      const error = await aaveExposure().readPositions(wallet, context()).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(PartialPositions);
      const partial = error as PartialPositions;
      expect(partial.chains.map(({ chain }) => chain)).toEqual(['arbitrum']);
      expect(positionIds(partial.positions)).toEqual(positionIds(captured.filter(({ position }) => position.chain !== 'arbitrum')));
      // Ethereum's Core and its v4 Main spoke (two each), then Base.
      expect(partial.positions.map(({ position }) => position.chain)).toEqual(['ethereum', 'ethereum', 'ethereum', 'ethereum', 'base', 'base']);
    } finally {
      server.faults.clear();
    }
  });

  it('answers the scan partial, aave degraded on arbitrum alone, when that endpoint serves another chain', async () => {
    server.faults.inject('arbitrum', { kind: 'wrongChain' });
    try {
      const read = await readPositions(wallet, { only: ['aave'], deadlineMs: 20_000, now: new Date(), upstreams: upstreams() });
      expect(read.degraded).toEqual([{ module: 'aave', component: 'exposure', chain: 'arbitrum', message: expect.stringMatching(/arbitrum/) }]);
      expect(positionIds(read.positions)).toEqual(positionIds(captured.filter(({ position }) => position.chain !== 'arbitrum')));
    } finally {
      server.faults.clear();
      server.misses.splice(0);
    }
  });
});

describe('a proposal whose payload targets the Arbitrum market', () => {
  // The market a payload executed on Arbitrum names (its pool context's network), as the source reads it.
  const arbitrumChange = change({ market: marketOfPool(42161, 'Arbitrum'), asset: 'WETH', parameter: 'liquidationThreshold', from: 8300, to: 7800 });

  it('names the market the Arbitrum positions carry', () => {
    expect(arbitrumChange.market).toBe('aave-v3-arbitrum');
    expect(new Set(captured.filter(({ position }) => position.chain === 'arbitrum').map(({ position, inputs }) => [position.market, inputs.market].join()))).toEqual(new Set(['aave-v3-arbitrum,aave-v3-arbitrum']));
  });

  it('reaches the Arbitrum holder’s positions and none on Ethereum or Base', () => {
    const reached = captured.filter((exposure) => touches(arbitrumChange, exposure));
    expect(reached.map(({ position }) => position.id)).toEqual(['aave-v3-arbitrum-weth-supply', 'aave-v3-arbitrum-usdc-borrow']);
  });

  it('moves the Arbitrum account’s health factor and leaves a wallet on Ethereum Core alone', () => {
    const impact = simulateProposal(proposal([arbitrumChange]), captured);
    expect(impact).not.toBeNull();
    expect(impact!.affectedAssets).toContain('WETH');
    const ethereumOnly = captured.filter(({ position }) => position.chain === 'ethereum');
    expect(ethereumOnly.length).toBeGreaterThan(0);
    expect(simulateProposal(proposal([arbitrumChange]), ethereumOnly)).toBeNull();
  });
});
