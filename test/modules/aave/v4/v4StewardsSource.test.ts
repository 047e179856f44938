import { AaveV4Ethereum } from '@aave-dao/aave-address-book';
import { keccak256, toBytes, toEventSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../../shared/contract/proposal.js';
import { renderProposal } from '../../../../shared/proposals/render.js';
import { configEventsAbi } from '../../../../shared/modules/aave/v4/abi.js';
import type { V4ConfigRead } from '../../../../shared/modules/aave/v4/readV4ConfigLogs.js';
import { V4_CONFIG_ETHEREUM, watchedV4Addresses } from '../../../../shared/modules/aave/v4/v4ConfigChains.js';
import { v4ConfigItems } from '../../../../shared/modules/aave/v4/v4ConfigItems.js';
import { aaveV4ConfigSource } from '../../../../shared/modules/aave/v4/v4ConfigSource.js';
import type { RecentLog } from '../../../../shared/upstream/clients/readRecentLogs.js';
import { faultCases } from '../../../support/faultCases.js';
import { COUNTING_POLICY, useReplay } from '../../../upstream/replayHarness.js';
import { windowLog as log } from '../stewards/stewardScenario.js';
import { CORE_HUB, HEAD, HEAD_TIME, MAIN, MAIN_WETH_CAPS, WETH_ASSET_CONFIG, WETH_KEYS } from './v4StewardScenario.js';

const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');
const read = (upstreams = replay.upstreams()) => aaveV4ConfigSource().readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams });
const MARKET = 'aave-v4-ethereum-main';

describe('Aave v4 configuration changes made without a vote, on the recorded Ethereum window (synthetic values, real encodings)', () => {
  it('reads the window and the names it needs in four HTTP requests, giving four items made without a vote, valid on the wire', async () => {
    // A request-counting test: COUNTING_POLICY's deadline, so a slow answer on a loaded machine is not retried and counted.
    const upstreams = replay.upstreams({ deadlineMs: COUNTING_POLICY.deadlineMs });
    const proposals = await read(upstreams);
    expect(proposals.map((proposal) => `${proposal.mechanism}/${proposal.status}`)).toEqual(['steward/executed', 'steward/executed', 'steward/executed', 'steward/executed']);
    // Logs (chain id and head, then eth_getLogs), then the two Multicall3 rounds naming reserves, hub assets and the spokes on a hub asset.
    expect(upstreams.counter.snapshot().ethereum?.requests).toBe(4);
    for (const proposal of proposals) {
      expect(Proposal.safeParse(renderProposal({ proposal }, 'full')).success, proposal.id).toBe(true);
      expect(proposal.noticeSeconds).toBe(0);
      expect(proposal.timeline.effectiveAt).toBe(proposal.effectiveDate);
      for (const change of proposal.changes) expect(change).toMatchObject({ protocol: 'aave', market: MARKET, asset: 'WETH', verified: true });
    }
  });

  it('states the steward’s update of config key 1 against the vote’s value before it, only what moved, with the caps it set on the hub', async () => {
    const [update] = await read();
    expect(update!.id).toBe(`aave-v4stewards-${HEAD - 4n * 7_200n}-5`);
    expect(update!.changes.filter((change) => change.configKey !== undefined)).toEqual([
      expect.objectContaining({ parameter: 'v4CollateralFactor', configKey: 1, from: WETH_KEYS.voted.collateralFactor, to: WETH_KEYS.stewarded.collateralFactor, unit: 'bps' }),
    ]);
    expect(update!.changes.find((change) => change.parameter === 'v4AddCap')).toMatchObject({ to: Number(MAIN_WETH_CAPS.addCap), unit: 'tokens' });
    expect(update!.changes[0]!.evidence).toMatch(/^UpdateDynamicReserveConfig \(at block \d+ \(tx 0x[0-9a-f]{64}\)\)$/);
    expect(update!.sourceLinks![0]!.url).toMatch(/^https:\/\/etherscan\.io\/tx\/0x/);
  });

  it('states an added config key with every value and no value before, on the key it adds', async () => {
    const [, added] = await read();
    expect(added!.changes.map(({ parameter, configKey, from, to }) => ({ parameter, configKey, from, to }))).toEqual([
      { parameter: 'v4CollateralFactor', configKey: 2, from: undefined, to: 8_200 },
      { parameter: 'v4MaxLiquidationBonus', configKey: 2, from: undefined, to: 450 },
      { parameter: 'v4LiquidationFee', configKey: 2, from: undefined, to: 1_000 },
    ]);
  });

  it('names a hub’s rate change on the user spokes drawing on that hub asset, not on a tokenization spoke', async () => {
    const [, , rate] = await read();
    expect(rate!.changes.map(({ market, parameter, to }) => [market, parameter, to])).toEqual([
      [MARKET, 'optimalUsage', 9_000],
      [MARKET, 'baseRate', 0],
      [MARKET, 'slope1', 0.025],
      [MARKET, 'slope2', 0.08],
    ]);
  });

  it('states a hub asset’s liquidity fee against the vote’s, on the user spokes listing it, and no address that did not move', async () => {
    const [, , , fee] = await read();
    expect(fee!.id).toBe(`aave-v4stewards-${HEAD - 3_600n}-7`);
    expect(fee!.changes.map(({ market, asset, parameter, from, to, unit }) => ({ market, asset, parameter, from, to, unit }))).toEqual([
      { market: MARKET, asset: 'WETH', parameter: 'v4LiquidityFee', from: WETH_ASSET_CONFIG.voted.liquidityFee, to: WETH_ASSET_CONFIG.raised.liquidityFee, unit: 'bps' },
    ]);
    expect(fee!.title).toMatch(/^Hub configurator: WETH liquidity fee \(the share of borrowers’ interest the hub keeps\): 10\s%\s→\s15\s% on Aave v4 Ethereum Main Spoke$/u);
    expect(fee!.description).toContain('not the v4 risk steward, which cannot change fees or rate strategies');
  });

  it('leaves the vote’s payload to the vote: no item carries its transaction', async () => {
    const proposals = await read();
    expect(proposals.flatMap((proposal) => proposal.changes).filter((change) => change.to === WETH_KEYS.voted.collateralFactor && change.from === undefined)).toEqual([]);
  });
});

describe('what the window’s v4 logs are taken for (synthetic logs)', () => {
  const window = (logs: RecentLog[]): V4ConfigRead => ({
    chain: V4_CONFIG_ETHEREUM,
    head: HEAD,
    headTimestamp: HEAD_TIME,
    logs,
    names: { reserves: new Map([[`${MAIN.toLowerCase()}:0`, 'WETH']]), hubAssets: new Map([[`${CORE_HUB.toLowerCase()}:0`, 'WETH']]), hubAssetSpokes: new Map() },
  });
  const reserveConfig = (paused: boolean, frozen: boolean) => ({ collateralRisk: 500, paused, frozen, borrowable: true, receiveSharesEnabled: true });

  it('calls a transaction that only pauses or freezes a guardian’s, and one that moves a value a steward’s', () => {
    const items = v4ConfigItems(
      window([
        log(MAIN, 'UpdateReserveConfig', { reserveId: 0n, config: reserveConfig(false, false) }, HEAD - 300n, 0, '0x01'),
        log(MAIN, 'UpdateReserveConfig', { reserveId: 0n, config: reserveConfig(false, true) }, HEAD - 200n, 0, '0x02'),
        log(MAIN, 'UpdateReserveConfig', { reserveId: 0n, config: { ...reserveConfig(false, false), collateralRisk: 600 } }, HEAD - 100n, 0, '0x03'),
      ]),
    );
    expect(items.map((item) => [item.mechanism, item.changes.map((change) => `${change.parameter}:${change.from ?? ''}→${change.to}`)])).toEqual([
      ['steward', ['v4CollateralRisk:→500', 'v4ReserveState:→borrowable']],
      ['guardian', ['v4ReserveState:borrowable→frozen']],
      ['steward', ['v4CollateralRisk:500→600', 'v4ReserveState:frozen→borrowable']],
    ]);
  });

  it('states a hub asset’s rate strategy, reinvestment controller and fee receiver only where an earlier event shows them move', () => {
    const names = { ...window([]).names, hubAssetSpokes: new Map([[`${CORE_HUB.toLowerCase()}:0`, [MAIN]]]) };
    const config = (liquidityFee: number, irStrategy: string) => ({ ...WETH_ASSET_CONFIG.voted, liquidityFee, irStrategy });
    const items = v4ConfigItems({
      ...window([
        log(CORE_HUB, 'UpdateAssetConfig', { assetId: 0n, config: config(1_000, '0x00000000000000000000000000000000000000aa') }, HEAD - 300n, 0, '0x01'),
        log(CORE_HUB, 'UpdateAssetConfig', { assetId: 0n, config: config(1_000, '0x00000000000000000000000000000000000000bb') }, HEAD - 200n, 0, '0x02'),
      ]),
      names,
    });
    expect(items.map((item) => item.changes.map((change) => `${change.parameter}:${change.from ?? ''}→${change.to}`))).toEqual([
      ['v4LiquidityFee:→1000'],
      ['v4RateStrategy:0x00000000000000000000000000000000000000aa→0x00000000000000000000000000000000000000bb'],
    ]);
  });

  it('skips an event of a spoke or reserve it cannot name, and makes no item of a transaction with nothing left', () => {
    const unknownReserve = log(MAIN, 'UpdateDynamicReserveConfig', { reserveId: 9n, dynamicConfigKey: 0, config: WETH_KEYS.added }, HEAD - 10n, 0, '0x04');
    const tokenizationSpokeCaps = log(CORE_HUB, 'UpdateSpokeConfig', { assetId: 0n, spoke: AaveV4Ethereum.TOKENIZATION_SPOKES.CORE_WETH_TOKENIZATION_SPOKE, config: MAIN_WETH_CAPS }, HEAD - 9n, 0, '0x05');
    expect(v4ConfigItems(window([unknownReserve, tokenizationSpokeCaps]))).toEqual([]);
  });

  it('watches every user spoke, hub and rate strategy of the address book once, with the PayloadsController', () => {
    const watched = watchedV4Addresses(V4_CONFIG_ETHEREUM).map((address) => address.toLowerCase());
    expect(new Set(watched).size).toBe(watched.length);
    expect(watched).toContain(MAIN.toLowerCase());
    expect(watched).toContain(CORE_HUB.toLowerCase());
    expect(watched).toContain(AaveV4Ethereum.IR_STRATEGIES.CORE_WETH_IR_STRATEGY.toLowerCase());
    expect(watched).not.toContain(AaveV4Ethereum.SPOKES.TREASURY_SPOKE.toLowerCase());
    expect(V4_CONFIG_ETHEREUM.spokes).toHaveLength(13);
  });

  it('asks the events by their canonical signatures', () => {
    const selector = (name: string) => toEventSelector(configEventsAbi.find((item) => item.type === 'event' && item.name === name)!);
    expect(selector('UpdateSpokeConfig')).toBe(keccak256(toBytes('UpdateSpokeConfig(uint256,address,(uint40,uint40,uint24,bool,bool))')));
  });
});

describe('the v4 configuration source under faults of its recorded upstream', () => {
  faultCases({ replay, upstream: 'ethereum', read });
});
