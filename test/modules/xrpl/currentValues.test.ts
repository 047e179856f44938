import { afterEach, describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import { withChainReadings } from '../../../shared/feed/currentValues/withChainReadings.js';
import { moduleEntry } from '../../../shared/modules/loaders.js';
import type { ComponentContext } from '../../../shared/modules/types.js';
import { amendmentId, NOT_ENABLED, xrplCurrentValues } from '../../../shared/modules/xrpl/currentValues.js';
import { xrplSource } from '../../../shared/modules/xrpl/source.js';
import { type FixtureFile, loadFixtures } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../../../shared/upstream/upstreams.js';
import { missesOnRecordedUpstreams, recorded, TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';

/*
 * Issue #21 item 4 over a real WebSocket: the XRPL's current-value reader against the replay
 * server on the recorded ledger entries (test/fixtures/upstream/xrpl/xrpl-ledger-entries.json: the
 * Amendments and FeeSettings bodies xrpl-dev-portal publishes; xrpl.md). The reader asks the same
 * ledger_entry requests the source does, so the recording answers both. The faults of one entry
 * are answers served by a second replay server started in this file: FeeSettings in the legacy
 * format is the one xrpl-dev-portal feesettings.md publishes ("Legacy Format" tab: 20 XRP / 5 XRP);
 * the rippled error and the malformed node are SYNTHETIC, never written to fixtures.
 */
const replay = useReplay();
const NOW = new Date('2024-09-26T00:00:00Z');
const AMENDMENTS_INDEX = '7DB0788C020F02780A673DC74757F23823FA3014C1866E72CC4CD8B226CD6EF4';
const FEE_SETTINGS_INDEX = '4BC50C9B0D8515D3EAAE1E74B29A95804346C491EE1A95BF25E4AAB854A6A651';

const change = (fields: Partial<ParameterChange>): ParameterChange => ({ protocol: 'xrpl', parameter: 'amendment', to: 'fixEmptyDID', unit: 'state', evidence: 'test', verified: true, ...fields });
/** The two recorded majorities, an enabled amendment, both reserves (SYNTHETIC votes to halve them), and a kind not read. */
const CHANGES = [
  change({ market: 'did' }),
  change({ market: 'metadata', to: 'fixPreviousTxnID' }),
  change({ market: 'amm', to: 'fixAMMv1_1' }),
  change({ parameter: 'reserveBase', from: 1_000_000, to: 500_000, unit: 'drops' }),
  change({ parameter: 'reserveIncrement', to: 100_000, unit: 'drops' }),
  change({ parameter: 'listing', to: 'enabled' }),
];
const NOT_READ_KIND = { notRead: 'this parameter is not read on chain yet' };

const context = (upstreams: Upstreams): ComponentContext => ({ signal: new AbortController().signal, now: NOW, upstreams });

describe('the XRP Ledger’s old values read on chain (the recorded ledger entries)', () => {
  it('names amendments by the IDs the ledger lists: the SHA-512Half of their names', () => {
    const recordedMajorities = recorded<{ result: { node: { Majorities: { Majority: { Amendment: string } }[] } } }>(replay.fixtures, 'xrpl', (request) => request.index === AMENDMENTS_INDEX).result.node.Majorities;
    expect([amendmentId('fixPreviousTxnID'), amendmentId('fixEmptyDID')]).toEqual(recordedMajorities.map(({ Majority }) => Majority.Amendment));
  });

  it('reads amendments from the Amendments entry and reserves from FeeSettings over one WebSocket, beside the mainnet check', async () => {
    const before = replay.server.received.xrpl;
    const readings = await xrplCurrentValues().readCurrentValues(CHANGES, context(replay.upstreams({ deadlineMs: 2_000 })));
    expect(replay.server.received.xrpl - before, 'server_info and two ledger_entry').toBe(3);
    expect(readings).toEqual([{ value: NOT_ENABLED }, { value: NOT_ENABLED }, { value: 'fixAMMv1_1' }, { value: 1_000_000 }, { value: 200_000 }, NOT_READ_KIND]);
  });

  it('asks only the entries its changes need', async () => {
    const before = replay.server.received.xrpl;
    expect(await xrplCurrentValues().readCurrentValues([CHANGES[0]!], context(replay.upstreams({ deadlineMs: 2_000 })))).toEqual([{ value: NOT_ENABLED }]);
    expect(replay.server.received.xrpl - before, 'server_info and ledger_entry Amendments').toBe(2);
    const none = replay.server.received.xrpl;
    expect(await xrplCurrentValues().readCurrentValues([CHANGES[5]!], context(replay.upstreams()))).toEqual([NOT_READ_KIND]);
    expect(replay.server.received.xrpl).toBe(none);
  });

  it('is the xrpl module’s reader: a feed build reads the recorded open amendments, not the executed fee vote', async () => {
    const upstreams = replay.upstreams({ deadlineMs: 2_000 });
    const proposals = await xrplSource().readProposals(context(upstreams));
    const read = await withChainReadings(proposals, { modules: [moduleEntry('xrpl')], upstreams, now: NOW, deadlineMs: 5_000 });
    const passed = read.filter((proposal) => proposal.status === 'passed');
    expect(passed.map((proposal) => [proposal.changes.map((item) => item.to), proposal.chainReadings]).sort()).toEqual([
      [['fixEmptyDID'], [{ value: NOT_ENABLED }]],
      [['fixPreviousTxnID'], [{ value: NOT_ENABLED }]],
    ]);
    expect(read.find((proposal) => proposal.id === 'xrpl-fee-92508417')!.chainReadings).toBeUndefined();
  });

  it('says "could not be read on the XRP Ledger" for every read change when the WebSocket upgrade is refused, without throwing', async () => {
    replay.server.faults.inject('xrpl', { kind: 'status', status: 503 }, 5);
    const readings = await xrplCurrentValues().readCurrentValues(CHANGES, context(replay.upstreams({ retries: 0 })));
    expect(readings.slice(0, 5)).toEqual(Array(5).fill({ notRead: expect.stringMatching(/^could not be read on the XRP Ledger \(xrpl: /) }));
    expect(readings[5]).toEqual(NOT_READ_KIND);
  });

  it('reads nothing from a server on another network', async () => {
    replay.server.faults.inject('xrpl', { kind: 'wrongChain' });
    const readings = await xrplCurrentValues().readCurrentValues(CHANGES.slice(0, 1), context(replay.upstreams()));
    expect(readings).toEqual([{ notRead: expect.stringMatching(/^could not be read on the XRP Ledger \(xrpl: serves 1, expected 0\)$/) }]);
  });
});

const serverInfo = async (): Promise<FixtureFile> => (await loadFixtures()).find((file) => file.upstream === 'xrpl' && file.exchanges.some((exchange) => (exchange.request as { command?: unknown }).command === 'server_info'))!;
const entry = (index: string, response: Record<string, unknown>) => ({ request: { command: 'ledger_entry', index, ledger_index: 'validated' }, response: { type: 'response', ...response } as { status: string; type: string } });
const node = (index: string, value: Record<string, unknown>) => ({ status: 'success', result: { index, node: { ...value, index }, validated: true } });
const recordedAmendmentsAnswer = () => recorded<Record<string, unknown>>(replay.fixtures, 'xrpl', (request) => request.index === AMENDMENTS_INDEX) as { status: string };

/** A replay server answering the two entries as given, beside the recorded server_info. */
async function serverWith(description: string, exchanges: ReturnType<typeof entry>[]): Promise<{ server: ReplayServer; fixtures: FixtureFile[] }> {
  const fixtures: FixtureFile[] = [await serverInfo(), { protocol: 'websocket', upstream: 'xrpl', description, source: { kind: 'encoded', references: ['test/modules/xrpl/currentValues.test.ts'] }, exchanges }];
  return { server: await startReplayServer({ fixtures }), fixtures };
}

describe('the XRP Ledger’s old values when one entry fails (answers made in this file)', () => {
  let started: { server: ReplayServer; fixtures: FixtureFile[] } | undefined;
  afterEach(async () => {
    await started?.server.close();
    started = undefined;
  });
  const readOn = ({ server }: { server: ReplayServer }) => xrplCurrentValues().readCurrentValues(CHANGES, context(createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 2_000, retries: 0 }, env: {} })));

  it('says the rippled error for the amendments when the Amendments read fails, and reads the legacy-format reserves all the same', async () => {
    started = await serverWith('SYNTHETIC error for Amendments; FeeSettings in the legacy format xrpl-dev-portal feesettings.md publishes', [
      entry(AMENDMENTS_INDEX, { status: 'error', error: 'lgrNotFound', error_message: 'ledgerNotFound', error_code: 21 }),
      entry(FEE_SETTINGS_INDEX, node(FEE_SETTINGS_INDEX, { BaseFee: '000000000000000A', Flags: 0, LedgerEntryType: 'FeeSettings', ReferenceFeeUnits: 10, ReserveBase: 20_000_000, ReserveIncrement: 5_000_000 })),
    ]);
    const readings = await readOn(started);
    expect(missesOnRecordedUpstreams(started.server, started.fixtures)).toEqual([]);
    expect(readings).toEqual([
      ...Array(3).fill({ notRead: expect.stringMatching(/^could not be read on the XRP Ledger \(xrpl: .*ledgerNotFound/) }),
      { value: 20_000_000 },
      { value: 5_000_000 },
      NOT_READ_KIND,
    ]);
  });

  it('says the entry was malformed for the reserves when FeeSettings is not one, and reads the amendments all the same', async () => {
    started = await serverWith('SYNTHETIC malformed FeeSettings node; the recorded Amendments answer', [
      { ...entry(AMENDMENTS_INDEX, {}), response: recordedAmendmentsAnswer() as { status: string; type: string } },
      entry(FEE_SETTINGS_INDEX, node(FEE_SETTINGS_INDEX, { LedgerEntryType: 'FeeSettings', ReserveBaseDrops: 'one XRP' })),
    ]);
    const readings = await readOn(started);
    expect(missesOnRecordedUpstreams(started.server, started.fixtures)).toEqual([]);
    expect(readings).toEqual([
      { value: NOT_ENABLED },
      { value: NOT_ENABLED },
      { value: 'fixAMMv1_1' },
      ...Array(2).fill({ notRead: expect.stringMatching(/^could not be read on the XRP Ledger \(xrpl: .*FeeSettings/) }),
      NOT_READ_KIND,
    ]);
  });
});
