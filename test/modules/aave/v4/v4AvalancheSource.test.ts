import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../../shared/contract/proposal.js';
import { renderProposal } from '../../../../shared/proposals/render.js';
import { V4_CONFIG_AVALANCHE, watchedV4Addresses } from '../../../../shared/modules/aave/v4/v4ConfigChains.js';
import { aaveV4ConfigSource } from '../../../../shared/modules/aave/v4/v4ConfigSource.js';
import { faultCases } from '../../../support/faultCases.js';
import { COUNTING_POLICY, useReplay } from '../../../upstream/replayHarness.js';
import { AVALANCHE_CORE_HUB, AVALANCHE_HEAD, AVALANCHE_MAIN, AVALANCHE_MAIN_WAVAX_CAPS, AVAX_CORRELATED, WAVAX_ASSET_CONFIG, WAVAX_KEY_1 } from './v4AvalancheScenario.js';

const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');
const read = (upstreams = replay.upstreams()) => aaveV4ConfigSource(V4_CONFIG_AVALANCHE).readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams });
const MAIN = 'aave-v4-avalanche-main';
const CORRELATED = 'aave-v4-avalanche-avax-correlated';
const DAY = 86_400n;

describe('Aave v4 configuration changes made without a vote, on the recorded Avalanche window (synthetic values, real encodings)', () => {
  it('watches the book’s Avalanche spokes, Core hub and rate strategy with Avalanche’s PayloadsController, on the avalanche upstream', () => {
    const watched = watchedV4Addresses(V4_CONFIG_AVALANCHE).map((address) => address.toLowerCase());
    expect(watched).toEqual(expect.arrayContaining([AVALANCHE_MAIN.toLowerCase(), AVAX_CORRELATED.toLowerCase(), AVALANCHE_CORE_HUB.toLowerCase()]));
    expect(V4_CONFIG_AVALANCHE).toMatchObject({ upstream: 'avalanche', chainId: '0xa86a', system: 'v4avaxstewards', lookbackBlocks: 2_592_000n });
  });

  it('reads the window and the names it needs in four HTTP requests to avalanche alone, giving three items valid on the wire', async () => {
    // A request-counting test: COUNTING_POLICY's deadline, so a slow answer on a loaded machine is not retried and counted.
    const upstreams = replay.upstreams({ deadlineMs: COUNTING_POLICY.deadlineMs });
    const proposals = await read(upstreams);
    expect(proposals.map((proposal) => `${proposal.id} ${proposal.mechanism}/${proposal.status}`)).toEqual([
      `aave-v4avaxstewards-${AVALANCHE_HEAD - 6n * DAY}-1 steward/executed`,
      `aave-v4avaxstewards-${AVALANCHE_HEAD - 3n * DAY}-0 steward/executed`,
      `aave-v4avaxstewards-${AVALANCHE_HEAD - DAY}-4 steward/executed`,
    ]);
    const requests = upstreams.counter.snapshot();
    expect(requests.avalanche?.requests).toBe(4);
    expect(requests.ethereum?.requests ?? 0).toBe(0);
    for (const proposal of proposals) {
      expect(Proposal.safeParse(renderProposal({ proposal }, 'full')).success, proposal.id).toBe(true);
      expect(proposal.noticeSeconds).toBe(0);
      expect(proposal.sourceLinks![0]!.url).toMatch(/^https:\/\/snowtrace\.io\/tx\/0x[0-9a-f]{64}$/);
      for (const change of proposal.changes) expect(change).toMatchObject({ protocol: 'aave', asset: 'WAVAX', verified: true });
    }
  });

  it('states the steward’s key 1 update against the vote’s value, with the caps it set on the hub, on the Main spoke only', async () => {
    const [update] = await read();
    expect(update!.changes.filter((change) => change.configKey !== undefined)).toEqual([
      expect.objectContaining({ market: MAIN, parameter: 'v4CollateralFactor', configKey: 1, from: WAVAX_KEY_1.voted.collateralFactor, to: WAVAX_KEY_1.stewarded.collateralFactor }),
    ]);
    expect(update!.changes.find((change) => change.parameter === 'v4AddCap')).toMatchObject({ market: MAIN, to: Number(AVALANCHE_MAIN_WAVAX_CAPS.addCap), unit: 'tokens' });
  });

  it('gives the hub’s WAVAX rate data and liquidity fee to both user spokes listing WAVAX, not to its tokenization spoke', async () => {
    const [, rate, fee] = await read();
    expect([...new Set(rate!.changes.map((change) => change.market))]).toEqual([MAIN, CORRELATED]);
    expect(rate!.changes.filter((change) => change.market === CORRELATED).map(({ parameter, to }) => [parameter, to])).toEqual([
      ['optimalUsage', 8_000],
      ['baseRate', 0],
      ['slope1', 0.04],
      ['slope2', 0.75],
    ]);
    expect(fee!.changes.map(({ market, parameter, from, to }) => [market, parameter, from, to])).toEqual([
      [MAIN, 'v4LiquidityFee', WAVAX_ASSET_CONFIG.voted.liquidityFee, WAVAX_ASSET_CONFIG.raised.liquidityFee],
      [CORRELATED, 'v4LiquidityFee', WAVAX_ASSET_CONFIG.voted.liquidityFee, WAVAX_ASSET_CONFIG.raised.liquidityFee],
    ]);
    expect(fee!.title).toMatch(/^Hub configurator: WAVAX liquidity fee [^;]*→\s20\s% on Aave v4 Avalanche Main Spoke, Aave v4 Avalanche AVAX Correlated Spoke$/u);
  });
});

describe('the Avalanche v4 configuration source under faults of its recorded upstream', () => {
  faultCases({ replay, upstream: 'avalanche', read });
});
