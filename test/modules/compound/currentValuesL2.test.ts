import { describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import { withChainReadings } from '../../../shared/feed/currentValues/withChainReadings.js';
import { compoundCurrentValues, currentValuePlans } from '../../../shared/modules/compound/currentValues.js';
import { COMET_MARKETS } from '../../../shared/modules/compound/exposure/markets.js';
import { compound } from '../../../shared/modules/compound/index.js';
import { TOKENS } from '../../../shared/modules/compound/tokens.js';
import { moduleEntry } from '../../../shared/modules/loaders.js';
import type { UpstreamId } from '../../../shared/upstream/endpoints.js';
import type { FixtureFile } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { assetInfoOf, cometConfigurationUpstreams, loadCometConfigurations } from '../../fixtures/raw/compound/cometAssetInfo.js';
import { EVM_FAULTS } from '../../support/faultCases.js';
import { missesOnRecordedUpstreams, TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';

/*
 * Issue #22 item 2: a change to an L2 Comet is read on that Comet's own chain, one aggregate3 per
 * chain, over real HTTP to the replay server. The values are real published material, not live
 * reads: each Comet's configuration.json in compound-finance/comet @d5a30b0 (transcribed in
 * test/fixtures/raw/compound/comet-configurations-d5a30b0.json), answered as comet's own code
 * turns it into getAssetInfoByAddress (cometAssetInfo.ts). The recorded feed's case is the
 * committed optimism/compound-current-values.json; the others are recorded here from the reader's
 * own requests and never written to fixtures.
 */
const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');
const configurations = loadCometConfigurations();

const change = (market: string, asset: string, parameter: string): ParameterChange => ({ protocol: 'compound', market, asset, parameter, to: 0, unit: parameter === 'supplyCap' ? 'tokens' : 'bps', evidence: 'test', verified: true });

/** Each expected value is configuration.json's at d5a30b0 (deployments/<chain>/<market>), in the change's unit. */
const CHANGES: [ParameterChange, unknown][] = [
  [change('comet-usdc-arbitrum', 'ARB', 'ltv'), { value: 5500 }], // arbitrum/usdc ARB borrowCF 0.55
  [change('comet-usdc-arbitrum', 'WETH', 'liquidationBonus'), { value: 500 }], // arbitrum/usdc WETH liquidationFactor 0.95: a 5 % penalty
  [change('comet-usdc-arbitrum', 'wstETH', 'liquidationThreshold'), { notRead: 'this market does not list the asset' }], // Arbitrum's wstETH address asked (tokens.ts: its chain's alone), BadAsset
  // An asset decodeActions could name only by its address is asked by that address: GMX, borrowCF 0.4.
  [change('comet-usdc-arbitrum', '0xfc5a1a6eb076a2c7ad06ed22c90d7e710e35ad0a', 'ltv'), { value: 4000 }],
  [change('comet-weth-base', 'cbETH', 'liquidationThreshold'), { value: 9300 }], // base/weth cbETH liquidateCF 0.93
  [change('comet-usdc-optimism', 'WBTC', 'supplyCap'), { value: 60 }], // optimism/usdc WBTC supplyCap 60e8, 8 decimals
  [change('comet-usdc-optimism', 'OP', 'supplyCap'), { value: 700_000 }], // optimism/usdc OP supplyCap 700000e18
  // A Comet this build does not name (decodeActions then carries its address as the market).
  [change('0x0000000000000000000000000000000000c0ffee', 'UNI', 'ltv'), { notRead: 'this build does not know this market' }],
];
const CHAINS: UpstreamId[] = ['arbitrum', 'base', 'optimism'];

/** The reader's own requests on the three chains, answered from the configurations (eth_chainId included: Arbitrum and Base have no recording). */
async function l2Recordings(): Promise<FixtureFile[]> {
  const nodes = cometConfigurationUpstreams(configurations, CHAINS);
  await compoundCurrentValues().readCurrentValues(CHANGES.map(([one]) => one), { signal: new AbortController().signal, now: NOW, upstreams: nodes.upstreams });
  return CHAINS.map((chain) => ({
    upstream: chain,
    protocol: 'json-rpc',
    description: `getAssetInfoByAddress on ${chain}’s Comets, made in test/modules/compound/currentValuesL2.test.ts`,
    source: { kind: 'encoded', references: ['compound-finance/comet deployments/*/configuration.json @d5a30b0 (the configured values at that commit, not a live read; cometAssetInfo.ts)'] },
    exchanges: nodes.exchanges(chain),
  })) as FixtureFile[];
}

/** CHANGES read over real HTTP on a replay server holding the recordings and l2Recordings(), `fault` injected first; no retry, and a 2 s deadline so a loaded machine never fails a healthy chain. */
async function readOnReplay(fault?: (server: ReplayServer) => void) {
  const fixtures = [...replay.fixtures, ...(await l2Recordings())];
  const server = await startReplayServer({ fixtures });
  fault?.(server);
  const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 2_000, retries: 0 }, env: {} });
  const readings = await compoundCurrentValues()
    .readCurrentValues(CHANGES.map(([one]) => one), { signal: new AbortController().signal, now: NOW, upstreams })
    .finally(() => server.close());
  return { readings, server, fixtures };
}

describe('an L2 Comet’s old values, read on its own chain (configured values of comet @d5a30b0)', () => {
  it('reads each chain’s changes in one request there, takes the address the Comet lists, and says why where none is', async () => {
    const { readings, server, fixtures } = await readOnReplay();
    expect(missesOnRecordedUpstreams(server, fixtures)).toEqual([]);
    expect(Object.fromEntries(CHAINS.map((chain) => [chain, server.received[chain]])), 'HTTP requests per chain').toEqual({ arbitrum: 1, base: 1, optimism: 1 });
    expect(server.received.ethereum, 'no L2 change is read on Ethereum').toBe(0);
    expect(readings).toEqual(CHANGES.map(([, expected]) => expected));
  });

  it('reads every collateral of every Comet an upstream serves, each on its own chain, in one request per chain', async () => {
    const comets = COMET_MARKETS.filter((comet) => configurations.deployments[comet.market]);
    const chains = [...new Set(comets.map((comet) => comet.chain))];
    // Each expected value written out from configuration.json's own numbers: factors to four decimals,
    // caps in whole tokens (Comet keeps whole units: Base USDS's configured cbBTC cap, '0.1e8' units of 8 decimals, is 0 on chain).
    const cap = (text: string, decimals: number) => {
      const [coefficient, exponent] = text.replace(/_/g, '').split('e') as [string, string];
      return Math.floor(Number(`${coefficient}e${Number(exponent) - decimals}`));
    };
    const cases = comets.flatMap((comet) =>
      configurations.deployments[comet.market]!.assets.flatMap((asset): [ParameterChange, unknown][] => [
        [change(comet.market, asset.symbol, 'ltv'), { value: Math.round(asset.borrowCF * 10_000) }],
        [change(comet.market, asset.symbol, 'liquidationThreshold'), { value: Math.round(asset.liquidateCF * 10_000) }],
        [change(comet.market, asset.symbol, 'liquidationBonus'), { value: Math.round((1 - asset.liquidationFactor) * 10_000) }],
        [change(comet.market, asset.symbol, 'supplyCap'), { value: cap(asset.supplyCap, Number(asset.decimals)) }],
      ]),
    );
    expect(comets.length, 'Comets read').toBe(COMET_MARKETS.length);
    expect(cases.length).toBeGreaterThanOrEqual(4 * 76);
    const nodes = cometConfigurationUpstreams(configurations, chains);
    await compoundCurrentValues().readCurrentValues(cases.map(([one]) => one), { signal: new AbortController().signal, now: NOW, upstreams: nodes.upstreams });
    const recorded = chains.map((chain) => ({ upstream: chain, protocol: 'json-rpc', description: `every Comet collateral on ${chain}, made in test/modules/compound/currentValuesL2.test.ts`, source: { kind: 'encoded', references: ['compound-finance/comet deployments/*/configuration.json @d5a30b0 (configured values, not a live read)'] }, exchanges: nodes.exchanges(chain) })) as FixtureFile[];
    const server = await startReplayServer({ fixtures: [...replay.fixtures, ...recorded] });
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 5_000, retries: 0 }, env: {} });
    const readings = await compoundCurrentValues()
      .readCurrentValues(cases.map(([one]) => one), { signal: new AbortController().signal, now: NOW, upstreams })
      .finally(() => server.close());
    expect(Object.fromEntries(chains.map((chain) => [chain, server.received[chain]])), 'HTTP requests per chain').toEqual(Object.fromEntries(chains.map((chain) => [chain, 1])));
    expect(readings.map((reading, index) => [cases[index]![0].market, cases[index]![0].asset, cases[index]![0].parameter, reading])).toEqual(cases.map(([one, expected]) => [one.market, one.asset, one.parameter, expected]));
  });

  it.each(EVM_FAULTS)('says "could not be read on Arbitrum" for Arbitrum’s changes alone when Arbitrum is %s, and keeps the other chains’ values', async (_, fault) => {
    const { readings } = await readOnReplay((server) => server.faults.inject('arbitrum', fault));
    const failed = { notRead: expect.stringMatching(/^could not be read on Arbitrum \(/) };
    expect(readings).toEqual(CHANGES.map(([one, expected]) => (one.market === 'comet-usdc-arbitrum' ? failed : expected)));
  });

  it('reads the recorded feed’s pending Optimism cap raise on Optimism: 700,000 OP, the USDC Comet’s configured cap', async () => {
    const upstreams = replay.upstreams({ deadlineMs: 2_000 });
    const proposals = await compound.source.marketupdates!.readProposals({ signal: new AbortController().signal, now: NOW, upstreams });
    const before = { ...replay.server.received };
    const read = await withChainReadings(proposals, { modules: [moduleEntry('compound')], upstreams: replay.upstreams({ deadlineMs: 2_000 }), now: NOW, deadlineMs: 5_000 });
    expect(replay.server.received.optimism - before.optimism, 'HTTP requests to Optimism').toBe(1);
    expect(replay.server.received.ethereum - before.ethereum).toBe(0);
    const pending = read.find((proposal) => proposal.status === 'pending')!;
    expect(pending.changes.map((one, index) => [one.market, one.asset, one.parameter, one.to, pending.chainReadings?.[index]])).toEqual([['comet-usdc-optimism', 'OP', 'supplyCap', 900_000, { value: 700_000 }]]);
    // The executed collateral-factor cut is not read: the chain holds its outcome.
    expect(read.filter((proposal) => proposal.status === 'executed').map((proposal) => proposal.chainReadings)).toEqual([undefined]);
  });
});

describe('which Comet a change is read on', () => {
  it('keys by the market name, not the proxy: Arbitrum’s USDC Comet and Base’s USDbC Comet share 0x9c4e…58bf and are each read on their own chain', () => {
    const [arbitrum, base] = currentValuePlans([change('comet-usdc-arbitrum', 'WETH', 'ltv'), change('comet-usdbc-base', 'WETH', 'ltv')]);
    const target = '0x9c4ec768c28520B50860ea7a15bd7213a9fF58bf';
    expect(arbitrum).toMatchObject({ reads: expect.arrayContaining([expect.objectContaining({ upstream: 'arbitrum', chain: expect.objectContaining({ id: 42161 }), plan: expect.objectContaining({ calls: [expect.objectContaining({ target })] }) })]) });
    expect(base).toMatchObject({ reads: expect.arrayContaining([expect.objectContaining({ upstream: 'base', chain: expect.objectContaining({ id: 8453 }), plan: expect.objectContaining({ calls: [expect.objectContaining({ target })] }) })]) });
    // Every read of each stays on its chain.
    expect(new Set((arbitrum as { reads: { upstream: string }[] }).reads.map((read) => read.upstream))).toEqual(new Set(['arbitrum']));
    expect(new Set((base as { reads: { upstream: string }[] }).reads.map((read) => read.upstream))).toEqual(new Set(['base']));
  });
});

describe('the token table the reader asks by (shared/modules/compound/tokens.ts)', () => {
  it('names every collateral of every Comet the module names, under configuration.json’s symbol and decimals, so its address is asked', () => {
    const collateral = Object.entries(configurations.deployments).flatMap(([market, deployment]) => deployment.assets.map((asset) => ({ market, address: asset.address.toLowerCase(), symbol: asset.symbol, decimals: Number(asset.decimals) })));
    expect(collateral).toHaveLength(86);
    expect(collateral.filter(({ address, symbol, decimals }) => TOKENS[address]?.symbol !== symbol || TOKENS[address]?.decimals !== decimals)).toEqual([]);
  });
});

describe('what a Comet deployed from configuration.json answers (cometAssetInfo.ts, as comet’s code does)', () => {
  it('keeps four decimals of each factor after the deploy script’s float product, and whole units of the cap', () => {
    const asset = { symbol: 'X', address: '0x4200000000000000000000000000000000000042', decimals: '18', borrowCF: 0.57, liquidateCF: 0.7, liquidationFactor: 0.8, supplyCap: '1234.5e18' };
    const info = assetInfoOf(asset, 3);
    // NetworkConfiguration.ts percentage(0.57) = Math.floor(0.57 * 1e18) = 569999999999999936: the Comet keeps 5699 of 10,000.
    expect(info.borrowCollateralFactor).toBe(5699n * 10n ** 14n);
    expect(info.supplyCap).toBe(1234n * 10n ** 18n);
    expect(info.offset).toBe(3);
    expect(() => assetInfoOf({ ...asset, borrowCF: 0.7 }, 0)).toThrow(/refuses/);
  });
});
