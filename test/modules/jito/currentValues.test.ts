import { readFileSync } from 'node:fs';
import { getAddressDecoder } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import type { FeedProposal } from '../../../shared/domain/proposal.js';
import { withChainReadings } from '../../../shared/feed/currentValues/withChainReadings.js';
import { jitoCurrentValues } from '../../../shared/modules/jito/currentValues.js';
import { JITO_DEPLOYMENT } from '../../../shared/modules/jito/deployment.js';
import { moduleEntry } from '../../../shared/modules/loaders.js';
import type { ComponentContext } from '../../../shared/modules/types.js';
import { type FixtureFile, loadFixtures } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../../../shared/upstream/upstreams.js';
import { missesOnRecordedUpstreams, TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';

/*
 * Issue #21 item 4 over real HTTP: Jito's current-value reader against the replay server. The
 * recorded answer (test/fixtures/upstream/solana/jito-current-values-stake-pool.json) is the
 * published mainnet clone of the JitoSOL stake pool at pool epoch 537: epoch fee 4/100, stake
 * withdrawal fee 1/1000, SOL deposit fee 0. No Jito proposal is recorded (solana/jito.md), so the
 * changes here are SYNTHETIC, shaped as decodeProposalTransactions states a SetFee. The faults of a
 * malformed pool and of an error answer are SYNTHETIC answers served by a second replay server
 * started in this file, never written to fixtures.
 */
const replay = useReplay();
const JITOSOL_POOL = JITO_DEPLOYMENT.stakePools.JitoSOL!;

/** SYNTHETIC changes, as decodeProposalTransactions states SetFee instructions (fractions). */
const change = (fields: Partial<ParameterChange>): ParameterChange => ({ protocol: 'jito', asset: 'JitoSOL', parameter: 'rewardFee', to: 0.05, unit: 'fraction', evidence: 'SYNTHETIC', verified: true, ...fields });
const CHANGES = [
  change({ from: 0.04 }),
  change({ parameter: 'withdrawalFee', to: 0.002 }),
  change({ parameter: 'depositFee', to: 0.001 }),
  change({ parameter: 'mevFee', to: 0.03 }),
  change({ asset: 'bSOL' }),
];
const OWN_REASONS = [{ notRead: 'the fee on MEV tips is held by the tip router, which is not read on chain yet' }, { notRead: 'no stake pool of this asset is known here' }];

const context = (upstreams: Upstreams): ComponentContext => ({ signal: new AbortController().signal, now: new Date('2026-11-22T12:00:00Z'), upstreams });

describe('Jito’s old values read on chain (the recorded JitoSOL pool)', () => {
  it('reads the epoch fee, stake withdrawal fee and SOL deposit fee in one getMultipleAccounts beside the cluster check, as fractions, and says why for the rest', async () => {
    const before = replay.server.received.solana;
    const readings = await jitoCurrentValues().readCurrentValues(CHANGES, context(replay.upstreams({ deadlineMs: 2_000 })));
    expect(replay.server.received.solana - before, 'getGenesisHash and getMultipleAccounts').toBe(2);
    expect(readings).toEqual([{ value: 0.04 }, { value: 0.001 }, { value: 0 }, ...OWN_REASONS]);
  });

  it('is the jito module’s reader: a feed build attaches the pool’s fees to an open proposal and leaves an executed one unread', async () => {
    const proposal = (id: string, status: FeedProposal['status']): FeedProposal => ({
      id,
      protocol: 'jito',
      title: 'SYNTHETIC fee vote',
      summary: 'SYNTHETIC',
      description: 'SYNTHETIC',
      status,
      votes: {},
      timeline: {},
      // Copies: each proposal's changes are its own objects, as a feed's are.
      changes: CHANGES.slice(0, 2).map((item) => ({ ...item })),
      firstSeen: '2026-11-20T00:00:00Z',
    });
    const [open, executed] = await withChainReadings([proposal('jito-realms-open', 'active'), proposal('jito-realms-done', 'executed')], {
      modules: [moduleEntry('jito')],
      upstreams: replay.upstreams({ deadlineMs: 2_000 }),
      now: new Date('2026-11-22T12:00:00Z'),
      deadlineMs: 5_000,
    });
    expect(open!.chainReadings).toEqual([{ value: 0.04 }, { value: 0.001 }]);
    expect(executed!.chainReadings).toBeUndefined();
  });

  it('says "could not be read on Solana" for the pool’s changes when Solana answers 503, keeping the other changes’ own reasons, without throwing', async () => {
    replay.server.faults.inject('solana', { kind: 'status', status: 503 }, 10);
    const readings = await jitoCurrentValues().readCurrentValues(CHANGES, context(replay.upstreams({ retries: 0 })));
    expect(readings.slice(0, 3)).toEqual(Array(3).fill({ notRead: expect.stringMatching(/^could not be read on Solana \(solana: answered HTTP 503/) }));
    expect(readings.slice(3)).toEqual(OWN_REASONS);
  });

  it('reads nothing from a server on another chain', async () => {
    replay.server.faults.inject('solana', { kind: 'wrongChain' });
    const readings = await jitoCurrentValues().readCurrentValues(CHANGES.slice(0, 1), context(replay.upstreams()));
    expect(readings).toEqual([{ notRead: expect.stringMatching(/^could not be read on Solana \(solana: serves \w+, expected 5eykt4/) }]);
  });

  it('says "could not be read" when Solana never answers in time', async () => {
    replay.server.faults.inject('solana', { kind: 'hang' });
    const readings = await jitoCurrentValues().readCurrentValues(CHANGES.slice(0, 1), context(replay.upstreams({ retries: 0, deadlineMs: 200 })));
    expect(readings).toEqual([{ notRead: expect.stringMatching(/^could not be read on Solana \(/) }]);
  });
});

/** SYNTHETIC pool addresses: 32 repeated bytes, plainly no one's account. */
const addressOf = (byte: number) => getAddressDecoder().decode(new Uint8Array(32).fill(byte));
const BROKEN = { short: addressOf(21), foreign: addressOf(22), missing: addressOf(23), validatorList: addressOf(24) };
const ERRORING = addressOf(25);
const recordedPool = JSON.parse(readFileSync(new URL('../../fixtures/upstream/solana/jito-current-values-stake-pool.json', import.meta.url), 'utf8')).exchanges[0].response.result.value[0];

/** The reader's getMultipleAccounts for these pools (it sorts them), answered account by account. */
function multipleAccounts(accounts: Readonly<Record<string, unknown>>, answer?: { error: { code: number; message: string } }) {
  const pools = Object.keys(accounts).sort();
  return {
    request: { method: 'getMultipleAccounts', params: [pools, { encoding: 'base64', commitment: 'confirmed' }] },
    response: answer ? { jsonrpc: '2.0' as const, ...answer } : { jsonrpc: '2.0' as const, result: { context: { slot: 0 }, value: pools.map((pool) => accounts[pool]) } },
  };
}

/** SYNTHETIC answers: accounts that are not a stake pool, and a node's JSON-RPC error. */
const SYNTHETIC: FixtureFile = {
  protocol: 'json-rpc',
  upstream: 'solana',
  description: 'SYNTHETIC: getMultipleAccounts answers made in test/modules/jito/currentValues.test.ts (a short account, a foreign owner, a missing account, another account type, a node error)',
  source: { kind: 'encoded', references: ['test/modules/jito/currentValues.test.ts (SYNTHETIC values; the JitoSOL account is the recorded one)'] },
  exchanges: [
    multipleAccounts({
      [JITOSOL_POOL]: recordedPool,
      [BROKEN.short]: { ...recordedPool, data: [Buffer.from([1, 2, 3]).toString('base64'), 'base64'] },
      [BROKEN.foreign]: { ...recordedPool, owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' },
      [BROKEN.missing]: null,
      // The recorded bytes with AccountType 2 (ValidatorList) in place of 1.
      [BROKEN.validatorList]: { ...recordedPool, data: [Buffer.concat([Buffer.from([2]), Buffer.from(recordedPool.data[0], 'base64').subarray(1)]).toString('base64'), 'base64'] },
    }),
    multipleAccounts({ [JITOSOL_POOL]: recordedPool, [ERRORING]: null }, { error: { code: -32005, message: 'Node is behind by 42 slots' } }),
  ],
};

describe('Jito’s old values when an account or the answer is wrong (SYNTHETIC answers)', () => {
  let server: ReplayServer;
  let fixtures: FixtureFile[];
  beforeAll(async () => {
    fixtures = [...(await loadFixtures()), SYNTHETIC];
    server = await startReplayServer({ fixtures });
  });
  afterAll(() => server.close());
  const upstreams = () => createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 2_000, retries: 0 }, env: {} });

  it('says why for each pool that is missing or is not a stake pool, and reads the JitoSOL pool all the same', async () => {
    const stakePools = { JitoSOL: JITOSOL_POOL, SHORT: BROKEN.short, FOREIGN: BROKEN.foreign, MISSING: BROKEN.missing, LIST: BROKEN.validatorList };
    const changes = ['SHORT', 'JitoSOL', 'FOREIGN', 'MISSING', 'LIST'].map((asset) => change({ asset, parameter: 'withdrawalFee' }));
    const readings = await jitoCurrentValues({ stakePools }).readCurrentValues(changes, context(upstreams()));
    expect(missesOnRecordedUpstreams(server, fixtures)).toEqual([]);
    expect(readings).toEqual([
      { notRead: 'the stake pool account did not decode' },
      { value: 0.001 },
      { notRead: 'the account is not owned by the stake pool program' },
      { notRead: 'the stake pool account was not found on chain' },
      { notRead: 'the account is not a stake pool' },
    ]);
  });

  it('says the node’s error in words for the pools’ changes when it answers the read with an error, the other changes keeping theirs', async () => {
    const stakePools = { JitoSOL: JITOSOL_POOL, OTHER: ERRORING };
    const readings = await jitoCurrentValues({ stakePools }).readCurrentValues([change({}), change({ asset: 'OTHER' }), CHANGES[3]!], context(upstreams()));
    expect(missesOnRecordedUpstreams(server, fixtures)).toEqual([]);
    expect(readings).toEqual([
      { notRead: 'could not be read on Solana (solana: JSON-RPC error -32005: Node is behind by 42 slots)' },
      { notRead: 'could not be read on Solana (solana: JSON-RPC error -32005: Node is behind by 42 slots)' },
      OWN_REASONS[0],
    ]);
  });

  it('sends nothing when no change is read from a pool', async () => {
    const before = server.received.solana;
    expect(await jitoCurrentValues().readCurrentValues([CHANGES[3]!, CHANGES[4]!], context(upstreams()))).toEqual(OWN_REASONS);
    expect(server.received.solana).toBe(before);
  });
});
