import type { Abi, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import type { FeedProposal } from '../../../shared/domain/proposal.js';
import { withChainReadings } from '../../../shared/feed/currentValues/withChainReadings.js';
import { borrowCapsAbi, cometAssetAbi, compoundCurrentValues } from '../../../shared/modules/compound/currentValues.js';
import { comptrollerViewsAbi } from '../../../shared/modules/compound/exposure/v2Abi.js';
import { compound } from '../../../shared/modules/compound/index.js';
import { moduleEntry } from '../../../shared/modules/loaders.js';
import type { FixtureFile } from '../../../shared/upstream/replay/fixtureFormat.js';
import { startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { fakeEvmNode } from '../../support/fakeEvmNode.js';
import { snapshotAbis, unpublishedItems } from '../../support/publishedAbi.js';
import { missesOnRecordedUpstreams, TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';

/*
 * Issue #21 item 4 over real HTTP: compound's current-value reader, as the feed build calls it,
 * against the replay server on the recording of Bravo proposal 141's changes at its head
 * (test/fixtures/upstream/ethereum/compound-current-values-141.json: the values the executed
 * proposals 72, 74, 133 and 135 set, encoded with the real ABIs). The proposals come from the
 * recorded governance through the compound source itself.
 */
const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');

const recordedProposals = async (): Promise<FeedProposal[]> =>
  compound.source.governors!.readProposals({ signal: new AbortController().signal, now: NOW, upstreams: replay.upstreams({ deadlineMs: 2_000 }) });

const read = (proposals: FeedProposal[], retries?: number) =>
  withChainReadings(proposals, { modules: [moduleEntry('compound')], upstreams: replay.upstreams({ deadlineMs: 2_000, ...(retries !== undefined && { retries }) }), now: NOW, deadlineMs: 5_000 });

describe('the old values of an open Compound proposal, read on chain at feed build time', () => {
  it('reads every change of pending proposal 141 in one aggregated call, as the chain held them at the recording’s head', async () => {
    const listed = await recordedProposals();
    const before = replay.server.received.ethereum;
    const proposals = await read(listed);
    expect(replay.server.received.ethereum - before, 'HTTP requests to Ethereum').toBe(1);
    const proposal = proposals.find((candidate) => candidate.id === 'compound-bravo-141')!;
    expect(proposal.changes.map((change, index) => [change.asset, change.parameter, change.to, proposal.chainReadings?.[index]])).toEqual([
      ['LINK', 'borrowCap', 125_000, { value: 45_000 }],
      ['UNI', 'borrowCap', 700_000, { value: 550_000 }],
      ['BAT', 'liquidationThreshold', 6200, { value: 6500 }],
      ['BAT', 'ltv', 6200, { value: 6500 }],
      ['COMP', 'liquidationThreshold', 6200, { value: 6500 }],
      ['COMP', 'ltv', 6200, { value: 6500 }],
      ['SUSHI', 'liquidationThreshold', 6700, { value: 7000 }],
      ['SUSHI', 'ltv', 6700, { value: 7000 }],
    ]);
    // Executed proposals are not read: the chain holds their outcome. No miss on a recorded upstream (useReplay checks after each test).
    expect(proposals.find((candidate) => candidate.id === 'compound-bravo-140')!.chainReadings).toBeUndefined();
  });

  it('says "could not be read" for every change when Ethereum fails, and keeps every proposal and change', async () => {
    const proposals = await recordedProposals();
    replay.server.faults.inject('ethereum', { kind: 'status', status: 503 }, 10);
    const degraded = await read(proposals, 0);
    expect(degraded.map((proposal) => [proposal.id, proposal.changes.length])).toEqual(proposals.map((proposal) => [proposal.id, proposal.changes.length]));
    const kept = degraded.find((candidate) => candidate.id === 'compound-bravo-141')!;
    expect(kept.chainReadings).toHaveLength(8);
    for (const reading of kept.chainReadings!) expect(reading).toEqual({ notRead: expect.stringMatching(/^could not be read on Ethereum \(ethereum: .*503/) });
  });
});

/*
 * A Comet's asset, read by address: no open Comet proposal is recorded, so the USDC Comet's answers
 * here are SYNTHETIC (made in this file, never written to fixtures): UNI and WETH (Ethereum's
 * addresses, the only ones asked of an Ethereum Comet: tokens.ts gives each address its chains) are
 * listed with made-up factors and cap; ARB has no Ethereum address, so it is not asked; COMP's
 * answer is cut short. The recording is the stand-in node's record of the reader's own request, served by the
 * replay server.
 */
const USDC_COMET = '0xc3d688b66703497daa19211eedff47f25384cdc3';
const UNI = '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984';
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const COMP = '0xc00e94cb662c3520282e6f5717214004a7f26888';
const ZERO = '0x0000000000000000000000000000000000000000';
/** SYNTHETIC AssetInfo: borrow CF 82.5 %, liquidate CF 88 %, liquidation factor 95 %, supply cap 1.5 M of 18 decimals. */
const info = (asset: string) => ({ offset: 0, asset, priceFeed: ZERO, scale: 10n ** 18n, borrowCollateralFactor: 825n * 10n ** 15n, liquidateCollateralFactor: 88n * 10n ** 16n, liquidationFactor: 95n * 10n ** 16n, supplyCap: 1_500_000n * 10n ** 18n });

const cometChange = (asset: string, parameter: string): ParameterChange => ({ protocol: 'compound', market: 'comet-usdc', asset, parameter, to: 0, unit: parameter === 'supplyCap' ? 'tokens' : 'bps', evidence: 'test', verified: true });
const COMET_CHANGES = [cometChange('UNI', 'supplyCap'), cometChange('WETH', 'liquidationBonus'), cometChange('WETH', 'ltv'), cometChange('ARB', 'supplyCap'), cometChange('COMP', 'liquidationThreshold')];

async function cometRecording(): Promise<FixtureFile> {
  const node = fakeEvmNode([cometAssetAbi as unknown as Abi], {
    chainId: '0x1',
    answer: (call) => {
      const asset = (call.args[0] as Hex).toLowerCase();
      if (call.target.toLowerCase() !== USDC_COMET || ![UNI, WETH, COMP].includes(asset)) return undefined;
      if (asset === COMP) return { abi: [{ type: 'function', name: 'getAssetInfoByAddress', stateMutability: 'view', inputs: [{ name: 'asset', type: 'address' }], outputs: [{ name: '', type: 'uint8' }] }] as Abi, result: 0 };
      return { abi: cometAssetAbi as unknown as Abi, result: info(asset) };
    },
  });
  await compoundCurrentValues().readCurrentValues(COMET_CHANGES, { signal: new AbortController().signal, now: NOW, upstreams: createUpstreams({ env: {}, fetch: node.fetch }) });
  return {
    upstream: 'ethereum',
    protocol: 'json-rpc',
    description: 'SYNTHETIC: the USDC Comet’s getAssetInfoByAddress of the Ethereum addresses of UNI, WETH and COMP, made in test/modules/compound/currentValues.test.ts',
    source: { kind: 'encoded', references: ['test/modules/compound/currentValues.test.ts (SYNTHETIC values)'] },
    exchanges: node.exchanges.filter((exchange) => exchange.request.method === 'eth_call'),
  } as FixtureFile;
}

describe('a Comet’s asset read by address (SYNTHETIC Comet answers)', () => {
  it('asks the asset’s Ethereum address in one request, and says why where there is none', async () => {
    const fixtures = [...replay.fixtures, await cometRecording()];
    const server = await startReplayServer({ fixtures });
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 2_000 }, env: {} });
    const readings = await compoundCurrentValues().readCurrentValues(COMET_CHANGES, { signal: new AbortController().signal, now: NOW, upstreams }).finally(() => server.close());
    expect(missesOnRecordedUpstreams(server, fixtures)).toEqual([]);
    expect(server.received.ethereum, 'HTTP requests to Ethereum').toBe(1);
    expect(readings).toEqual([
      { value: 1_500_000 },
      // The liquidation factor 95 % as the penalty decodeActions states: 5 %.
      { value: 500 },
      { value: 8250 },
      // ARB's addresses are Arbitrum's: asked on Ethereum they would name another contract, or none.
      { notRead: 'its asset’s address is not known here' },
      { notRead: 'the contract’s answer could not be decoded' },
    ]);
  });

  it('reads with the views compound-protocol’s Comptroller and comet’s Comet declare', () => {
    const v2 = snapshotAbis('compound-protocol-v2@a3214f6');
    const comet = snapshotAbis('comet-Comet@d5a30b0');
    expect(unpublishedItems([...borrowCapsAbi, ...comptrollerViewsAbi.filter((item) => item.name === 'markets')] as Abi, [v2.Comptroller!])).toEqual([]);
    expect(unpublishedItems(cometAssetAbi as unknown as Abi, [comet.CometMainInterface!, comet.Comet!])).toEqual([]);
  });
});
