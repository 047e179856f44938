import { beforeAll, describe, expect, it } from 'vitest';
import { readPayloadTargets } from '../../../shared/modules/aave/readPayloadTargets.js';
import { aaveSource } from '../../../shared/modules/aave/source.js';
import { ethereumClient } from '../../../shared/upstream/clients/ethereumClient.js';
import { type FixtureFile, loadFixtures } from '../../../shared/upstream/replay/fixtureFormat.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { missesOnRecordedUpstreams, TEST_POLICY } from '../../upstream/replayHarness.js';
import { useAaveSourceServers } from './editedRecordings.js';

/*
 * The recorded feed (proposals 512–516) with the config-engine views of its payloads: Ethereum's
 * (test/fixtures/upstream/ethereum/aave-payload-targets.json: none is an engine payload) and, from
 * test/fixtures/aave-payload-views/, X Layer payload 10 (proposal 514) and Monad payload 7
 * (proposal 513), encoded from their published sources with their states as seatbelt read them
 * (test/fixtures/upstream/ethereum/aave-payload-views.md). Those two are kept out of upstream/ so
 * the recorded feed's unread payload chains stay as test/feed pins them.
 */
const NOW = new Date('2026-11-22T12:00:00Z');
const PAYLOAD_VIEWS = new URL('../../fixtures/aave-payload-views/', import.meta.url);

describe('Aave changes verified from config-engine payload views', () => {
  let recordings: FixtureFile[];
  let views: FixtureFile[];
  const { serve, read } = useAaveSourceServers(NOW);
  beforeAll(async () => {
    recordings = await loadFixtures();
    views = await loadFixtures(PAYLOAD_VIEWS);
  });

  it('states an engine listing as verified changes of its market, replacing the title-read listing (X Layer payload 10)', async () => {
    const server = await serve([...recordings, ...views]);
    const { byId } = await read(server);
    expect(missesOnRecordedUpstreams(server, [...recordings, ...views])).toEqual([]);
    const proposal = byId.get('aave-gov3-514')!;
    expect(proposal.changeType).toBe('shape');
    expect(proposal.changes.every((change) => change.verified && change.market === 'aave-v3-xlayer')).toBe(true);
    const evidence = 'payload 196:10 (0x289513F05753fF280709b83eC9a1F2f90189F5f3) newListings()';
    expect(proposal.changes.filter((change) => change.evidence === evidence)).toEqual(
      [
        ['listing', 'listed', 'state'],
        ['liquidationThreshold', 0, 'bps'],
        ['reserveFactor', 2000, 'bps'],
        ['supplyCap', 35_000_000, 'tokens'],
        ['borrowCap', 1, 'tokens'],
        ['optimalUsage', 4500, 'bps'],
        ['baseRate', 0, 'fraction'],
        ['slope1', 0.1, 'fraction'],
        ['slope2', 3, 'fraction'],
        ['priceFeed', '0x6052839E52ab454F164ee5668e5B523cF5A389Fc', 'state'],
      ].map(([parameter, to, unit]) => ({ protocol: 'aave', market: 'aave-v3-xlayer', asset: 'PT_USDG_29OCT2026', parameter, to, unit, evidence, verified: true })),
    );
  });

  it('states an eMode category creation without an id (the next free one when the payload runs) and its collateral', async () => {
    const server = await serve([...recordings, ...views]);
    const { byId } = await read(server);
    const created = byId.get('aave-gov3-514')!.changes.filter((change) => change.evidence.endsWith('eModeCategoryCreations()'));
    expect(created.map(({ parameter, to, asset, eModeCategory }) => [parameter, to, asset, eModeCategory])).toEqual([
      // Both categories are created isolated (3.7's EModeCategoryCreation.isolated, as the payload's source sets them).
      ['eModeLtv', 9266, undefined, undefined],
      ['eModeLiquidationThreshold', 9466, undefined, undefined],
      ['eModeLiquidationBonus', 234, undefined, undefined],
      ['eModeIsolated', 'enabled', undefined, undefined],
      ['eModeCollateral', 'enabled', 'PT_USDG_29OCT2026', undefined],
      ['eModeLtv', 9359, undefined, undefined],
      ['eModeLiquidationThreshold', 9559, undefined, undefined],
      ['eModeLiquidationBonus', 134, undefined, undefined],
      ['eModeIsolated', 'enabled', undefined, undefined],
      ['eModeCollateral', 'enabled', 'PT_USDG_29OCT2026', undefined],
    ]);
  });

  it('reads Monad payload 7 the same way (proposal 513)', async () => {
    const server = await serve([...recordings, ...views]);
    const { byId } = await read(server);
    const proposal = byId.get('aave-gov3-513')!;
    expect(proposal.changes.every((change) => change.verified && change.market === 'aave-v3-monad')).toBe(true);
    expect(proposal.changes.find((change) => change.parameter === 'supplyCap')).toMatchObject({ asset: 'PT_AUSD_8OCT2026', to: 20_000_000 });
    expect(proposal.changes.find((change) => change.parameter === 'eModeLiquidationBonus')).toMatchObject({ to: 244 });
  });

  it('keeps the body’s unverified changes of payloads that are not engine payloads (generic executors); an Aave v4 payload’s own views verify its changes', async () => {
    const server = await serve([...recordings, ...views]);
    const { byId } = await read(server);
    for (const id of ['aave-gov3-512', 'aave-gov3-515']) expect(byId.get(id)!.changes.every((change) => !change.verified)).toBe(true);
    // 516 lists PAXG on Aave v4: its payload's v4 views (test/modules/aave/v4/payload516.test.ts) beside its title's listing.
    expect(byId.get('aave-gov3-516')).toMatchObject({ changeType: 'shape', changes: expect.arrayContaining([expect.objectContaining({ parameter: 'listing', verified: true, market: 'aave-v4-ethereum-paxg-gold' })]) });
  });

  it('tells a generic executor (every probe reverts) and an Aave v4 payload (names an engine, has no v3 views) from an engine payload', async () => {
    const server = await serve(recordings);
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 5000, retries: 0 }, env: {} });
    const targets = ['0x32C5915d2B88d2d8a10859cc184B4199487d7949', '0x2eb2b7bDc654EEB975b18E2f2b7171b335C741Ba', '0x8580FDC29c1ea91bC6683cB615D55fB11D8E154D'];
    const read = await readPayloadTargets({ client: ethereumClient(upstreams.ethereum), chainId: 1, upstream: upstreams.ethereum, targets });
    expect(targets.map((target) => read.get(target.toLowerCase()))).toEqual([
      { kind: 'custom' },
      { kind: 'custom' },
      { kind: 'v4', engine: '0xe8096f931734286a95b6A63eFFCEFD3C56F3f6a9', views: expect.objectContaining({ spokeReserveListings: expect.any(Array) }) },
    ]);
    expect(missesOnRecordedUpstreams(server, recordings)).toEqual([]);
  });

  it('costs each chain one more request on the first build and none on the next: payload contracts are read once per process', async () => {
    const server = await serve([...recordings, ...views]);
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 5000, retries: 0 }, env: {} });
    const build = () => aaveSource().readProposals({ signal: AbortSignal.timeout(10_000), now: NOW, upstreams });
    const first = await build();
    const afterFirst = upstreams.counter.snapshot();
    // Ethereum: 3 as before + 1 (3 targets × 13 calls) + 1 (the v4 payload's 3 views); X Layer and Monad: chain id + getPayloadById, then 13 calls.
    expect([afterFirst.ethereum.requests, afterFirst.xlayer.requests, afterFirst.monad.requests]).toEqual([5, 2, 2]);
    expect([afterFirst.xlayer.calls, afterFirst.monad.calls]).toEqual([2 + 13, 2 + 13]);
    const second = await build();
    const afterSecond = upstreams.counter.snapshot();
    expect([afterSecond.ethereum.requests, afterSecond.xlayer.requests, afterSecond.monad.requests]).toEqual([5 + 3, 2 + 1, 2 + 1]);
    expect(second.map((proposal) => proposal.changes)).toEqual(first.map((proposal) => proposal.changes));
  });

  it('falls back to the body’s tables when a payload’s views are not answered, and keeps the payload’s state', async () => {
    // X Layer answers its chain id and getPayloadById, and nothing else (each view misses: -32601, not a revert).
    const stateOnly = views.map((file) =>
      file.protocol === 'json-rpc' && file.upstream === 'xlayer'
        ? { ...file, exchanges: file.exchanges.filter((exchange) => exchange.request.method === 'eth_chainId' || JSON.stringify(exchange.request).includes('0x58007a4e')) }
        : file,
    );
    const server = await serve([...recordings, ...stateOnly]);
    const { byId } = await read(server);
    const proposal = byId.get('aave-gov3-514')!;
    expect(proposal.changes.length).toBeGreaterThan(0);
    expect(proposal.changes.every((change) => !change.verified)).toBe(true);
    expect(server.misses.filter((miss) => miss.upstream === 'xlayer')).toHaveLength(13);
  });
});
