import { describe, expect, it } from 'vitest';
import { DEMO_WALLETS } from '../../shared/demo/wallets.js';
import { kindsOf } from '../../shared/simulate/registered.js';
import { MODULE_ENTRIES } from '../../shared/modules/loaders.js';
import { MODULE_INFOS, marketName, parameterLabel } from '../../shared/modules/registry.js';
import { continuing } from '../../shared/simulate/combineEffects.js';
import { chainName } from '../../shared/upstream/chainNames.js';
import { change, exposure, lendingPositions, proposal } from '../simulate/fixtures.js';
import { simulateProposal, simulateProposalInDetail } from '../support/simulator.js';

/** Whether a name is already words (a market such as `staking module 2`), so it may be its own name. */
const WORDS = /^[a-z0-9 ]+$/;

describe('markets named by the module that owns them', () => {
  it.each([
    ['aave', 'aave-v3-ethereum', 'Aave v3 Ethereum Core'],
    ['aave', 'aave-v3-ethereum-lido', 'Aave v3 Ethereum Prime'],
    ['aave', 'aave-v3-ethereum-etherfi', 'Aave v3 Ethereum EtherFi'],
    ['aave', 'aave-v3-arbitrum', 'Aave v3 Arbitrum'],
    ['aave', 'aave-v3-bnb', 'Aave v3 BNB Chain'],
    ['aave', 'aave-v2-ethereum', 'Aave v2 Ethereum'],
    ['aave', 'aave-v2-polygon', 'Aave v2 Polygon'],
    ['compound', 'comet-usdc', 'Compound v3 Ethereum USDC'],
    ['compound', 'comet-wsteth', 'Compound v3 Ethereum wstETH'],
    ['compound', 'comet-usdc.e-arbitrum', 'Compound v3 Arbitrum USDC.e'],
    ['compound', 'comet-usdbc-base', 'Compound v3 Base USDbC'],
    ['compound', 'compound-v3-base-usdc', 'Compound v3 Base USDC'],
    ['compound', 'compound-v2', 'Compound v2'],
    ['morpho', 'metamorpho-base-0xc1256ae5ff1cf2719d4937adb3bbccab2e00a2ca', 'Morpho vault on Base'],
    ['morpho', 'metamorpho-ethereum-0x73e65dbd630f90604062f6e02fab9138e713edd9:sUSDe/DAI 86%', 'Morpho vault on Ethereum, sUSDe/DAI 86% market'],
    ['morpho', 'morpho-blue-ethereum-0xb323495f7e4148be5643a4ea4a8221eef163e4bccfdedc2a6f4696baacbc86cc', 'Morpho Blue market on Ethereum'],
    ['spark', 'sparklend-ethereum', 'SparkLend Ethereum'],
    ['xrpl', 'trustlines', 'trust lines'],
    ['xrpl', 'amm', 'AMM pools'],
    ['lido', 'staking module 2', 'staking module 2'],
  ])('%s names %s “%s”', (protocol, market, name) => {
    expect(marketName(protocol, market)).toBe(name);
  });

  it('writes a market no module knows as words, never as its identifier', () => {
    expect(marketName('aave', 'mystery-pool-7')).toBe('Mystery pool 7');
    expect(marketName('morpho', 'metamorpho-ethereum-not-an-address')).toBe('Metamorpho ethereum not an address');
    expect(marketName('nobody', 'someMarket')).toBe('Some market');
  });

  it('finds a market by the module that knows it when the protocol given is not its owner', () => {
    expect(marketName('spark', 'aave-v3-base')).toBe('Aave v3 Base');
  });

  it('names every market of every demo position and demo change by its own module, with no identifier left', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const markets: [string, string][] = [];
    for (const entry of MODULE_ENTRIES) {
      const { demo } = await entry.load();
      for (const wallet of DEMO_WALLETS) {
        if (!entry.addressKinds.includes(wallet.kind)) continue;
        for (const { position, inputs } of demo.positions(wallet)) {
          if (inputs.market) markets.push([entry.slug, inputs.market]);
          if (position.market) markets.push([entry.slug, position.market]);
        }
      }
      for (const item of demo.proposals(now)) for (const each of item.changes) if (each.market) markets.push([entry.slug, each.market]);
    }
    expect(markets.length).toBeGreaterThan(5);
    for (const [protocol, market] of markets) {
      const own = MODULE_INFOS.find((module) => module.slug === protocol)!.marketName?.(market);
      expect(own, `${protocol} names ${market}`).toBeDefined();
      if (!WORDS.test(market)) expect(own).not.toContain(market);
    }
  });
});

describe('chains and parameter kinds in words', () => {
  it('names chains as people do, and an unknown one in words', () => {
    expect([chainName('ethereum'), chainName('bnb'), chainName('cosmoshub'), chainName('xrpl'), chainName('xlayer')]).toEqual(['Ethereum', 'BNB Chain', 'Cosmos Hub', 'XRP Ledger', 'X Layer']);
    expect(chainName('new-chain')).toBe('New chain');
  });

  it('gives every declared parameter kind a label with no identifier in it', () => {
    const kinds = [...kindsOf(MODULE_INFOS).values()];
    expect(kinds.length).toBeGreaterThan(30);
    for (const kind of kinds) {
      expect(kind.label, kind.name).toMatch(/^(the|an|a) /);
      expect(parameterLabel(kind.name), kind.name).not.toMatch(/^(the|an|a) /);
      if (!WORDS.test(kind.name)) expect(parameterLabel(kind.name), kind.name).not.toContain(kind.name);
    }
  });

  it('labels a kind for headings and, with its article, for sentences', () => {
    expect(parameterLabel('supplyApr')).toBe('supply rate');
    expect(parameterLabel('liquidationThreshold', { article: true })).toBe('the liquidation threshold');
    expect(parameterLabel('communityTax')).toBe('community tax');
    expect(parameterLabel('someNewKind')).toBe('some new kind');
  });
});

describe('summaries in words', () => {
  // $30,000 of WETH (LT 83 %) against $15,000 on Aave's Core market: HF 1.66.
  const account = { market: 'aave-v3-ethereum', healthFactor: 1.66, debtUsd: 15_000, collateral: [{ asset: 'WETH', valueUsd: 30_000, liquidationThreshold: 8300, ltv: 8050 }] };

  it('names the account’s market in a health factor summary: 30,000 × 0.80 / 15,000 = 1.60', () => {
    const impact = simulateProposal(proposal([change({ asset: 'WETH', parameter: 'liquidationThreshold', from: 8300, to: 8000 })]), lendingPositions(account))!;
    expect(impact.summary).toBe('Health factor of your Aave v3 Ethereum Core position moves from 1.66 to 1.60.');
    expect(impact.estimatedChange).toBe('health factor 1.66 → 1.60');
  });

  it('names the parameter, not its kind, where a change is not simulated, and joins the percent to its number', () => {
    const detail = simulateProposalInDetail(proposal([change({ asset: 'WETH', parameter: 'liquidationThreshold', from: 8500, to: 8000 })]), lendingPositions(account))!;
    expect(detail.impact.summary).toBe('The proposal states the liquidation threshold of WETH is 85\u00a0% now, but the chain shows 83\u00a0%; not simulated until they agree.');
  });

  it('names an eMode category’s parameter in words', () => {
    const inEMode = { ...account, eMode: { id: 1, ltv: 9000, liquidationThreshold: 9300 }, collateral: [{ ...account.collateral[0]!, inEMode: true }] };
    const detail = simulateProposalInDetail(proposal([change({ parameter: 'eModeLiquidationThreshold', eModeCategory: 1, from: 9000, to: 9500 })]), lendingPositions(inEMode))!;
    expect(detail.impact.summary).toBe('The proposal states the liquidation threshold of eMode category 1 is 90\u00a0% now, but the chain shows 93\u00a0%; not simulated until they agree.');
  });

  it('continues a failed proposal’s sentence in lower case, keeping the figure it would have had', () => {
    const impact = simulateProposal(proposal([change({ asset: 'WETH', parameter: 'liquidationThreshold', from: 8300, to: 8000 })], { status: 'closed' }), lendingPositions(account))!;
    expect(impact.summary).toBe('Did not pass, so nothing changes. Had it passed: health factor of your Aave v3 Ethereum Core position moves from 1.66 to 1.60.');
    expect(impact.estimatedChange).toBeUndefined();
  });

  it('keeps a name’s capitals when a summary continues after a colon', () => {
    expect(continuing('Your stETH position earns less.')).toBe('your stETH position earns less.');
    expect(continuing('WETH becomes frozen.')).toBe('WETH becomes frozen.');
    expect(continuing('stETH holders…')).toBe('stETH holders…');
  });

  it('states a yearly change in the asset’s units with the unit joined to its number: 1,000 ATOM × (18 % − 16 %) = 20 ATOM', () => {
    const delegation = exposure('cosmoshub', 'ATOM', undefined, { role: 'delegation', apr: 0.18, rewardFee: 0.1 }, '1000');
    const impact = simulateProposal(proposal([change({ protocol: 'cosmoshub', market: undefined, parameter: 'communityTax', from: 0.1, to: 0.2, unit: 'fraction' })], { protocol: 'cosmoshub' }), [delegation])!;
    expect(impact.estimatedChange).toBe('about 20\u00a0ATOM a year less (18\u00a0% → 16\u00a0%)');
  });
});
