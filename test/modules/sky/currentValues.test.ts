import { describe, expect, it } from 'vitest';
import type { ChainReading } from '../../../shared/domain/chainReading.js';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import { readingVerdict } from '../../../shared/feed/currentValues/readingVerdict.js';
import { skyCurrentValues, skyPlans } from '../../../shared/modules/sky/currentValues.js';
import { yearlyRateOfRay } from '../../../shared/modules/sky/rates.js';
import { spellChanges } from '../../../shared/modules/sky/spells/spellChanges.js';
import { type FixtureFile, loadFixtures } from '../../../shared/upstream/replay/fixtureFormat.js';
import { startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { missesOnRecordedUpstreams, TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';
import { withChainReadings } from '../../../shared/feed/currentValues/withChainReadings.js';
import { moduleEntry } from '../../../shared/modules/loaders.js';
import { sky } from '../../../shared/modules/sky/index.js';
import { recordingOf } from '../../../shared/upstream/recording.js';
import { type Breakage, rayOfYearlyBps, skyRecording } from './currentValuesChain.js';
import { spellFixtures } from './spellConfigFixtures.js';

/*
 * Issue #21 item 4: Sky's current-value reader over real HTTP to the replay server. The chain holds
 * a spell's PUBLISHED after-state (test/fixtures/sky-spells/, real values from spells-mainnet
 * config.sol); the DSS views' answers are encoded from it in currentValuesChain.ts (SYNTHETIC
 * encoding, made in the test, never written to fixtures). The next spell's changes are then read:
 * what each replaces is what the previous spell left, so every stated old value must agree.
 */
const SPELLS = spellFixtures();
const state = (date: string) => SPELLS.get(date)!.afterState;
const changesBetween = (before: string, after: string) => spellChanges(state(before), state(after));
const NOW = new Date('2026-11-22T12:00:00Z');

/** The reader run over HTTP against a replay server serving `fixture` (and the recorded chain id). */
async function readOverReplay(changes: readonly ParameterChange[], fixture: FixtureFile, fault?: Parameters<Awaited<ReturnType<typeof startReplayServer>>['faults']['inject']>[1]) {
  const fixtures = [...(await loadFixtures()), fixture];
  const server = await startReplayServer({ fixtures });
  try {
    if (fault) server.faults.inject('ethereum', fault, 10);
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 2_000, retries: fault ? 0 : 2 }, env: {} });
    const before = server.received.ethereum;
    const readings = await skyCurrentValues().readCurrentValues(changes, { signal: new AbortController().signal, now: NOW, upstreams });
    if (!fault) expect(missesOnRecordedUpstreams(server, fixtures).map((miss) => JSON.stringify(miss).slice(0, 600))).toEqual([]);
    return { readings, requests: server.received.ethereum - before };
  } finally {
    await server.close();
  }
}

const verdicts = (changes: readonly ParameterChange[], readings: readonly ChainReading[]) => changes.map((change, index) => readingVerdict(change, readings[index]!).kind);

describe('Sky’s old values read on chain, against spells’ published after-states', () => {
  it.each([
    ['2025-03-06', '2025-03-20', 'the SSR, the DSR and nine stability fees'],
    ['2025-11-27', '2025-12-11', 'LSEV2-SKY-A’s liquidation ratio'],
    ['2026-04-09', '2026-04-23', 'debt ceilings and autoline gaps'],
    ['2026-04-23', '2026-05-07', 'the GSM pause delay'],
  ])('reads the chain the %s spell left for the %s spell’s changes (%s) in one request, each stated old value agreeing', async (before, after, what) => {
    const changes = changesBetween(before, after);
    expect(changes.length, what).toBeGreaterThan(0);
    const fixture = await skyRecording(changes, state(before), `the chain as the ${before} spell left it, read for the ${after} spell’s changes`);
    const { readings, requests } = await readOverReplay(changes, fixture);
    expect(requests, 'HTTP requests to Ethereum').toBe(1);
    // Each stated old value is the one the chain holds; a change that states none (a new ilk's listing, a fee SP-BEAM set) is read or says why.
    expect(verdicts(changes, readings)).toEqual(changes.map((change) => (change.from === undefined ? (change.parameter === 'listing' ? 'not_read' : 'no_stated_old') : 'agrees')));
  });

  it('states rates in the change’s unit: the SSR of 2025-03-06 as 650 bps, or as 0.065 where a change states a fraction', async () => {
    const ssr = changesBetween('2025-03-06', '2025-03-20').find((change) => change.parameter === 'ssr')!;
    const asFraction = { ...ssr, unit: 'fraction' as const, from: 0.065, to: 0.045 };
    const fixture = await skyRecording([ssr, asFraction], state('2025-03-06'), 'the 2025-03-06 SSR, in two units');
    const { readings } = await readOverReplay([ssr, asFraction], fixture);
    expect((readings[0] as { value: number }).value).toBeCloseTo(650, 6);
    expect((readings[1] as { value: number }).value).toBeCloseTo(0.065, 10);
  });

  it('says why for what it cannot read: a listing, an unknown vault type, a kind without a view', async () => {
    const ilk = (parameter: string, market: string): ParameterChange => ({ protocol: 'sky', market, parameter, to: 1, unit: 'fraction', evidence: 'test', verified: true });
    const changes = [ilk('listing', 'NEW-A'), ilk('mat', 'NOPE-A'), ilk('stabilityFee', 'NOPE-A'), ilk('debtCeiling', 'NOPE-A'), ilk('dust', 'ETH-A'), ilk('mat', 'sky-susds')];
    const fixture = await skyRecording(changes, state('2026-05-07'), 'ilks the 2026-05-07 chain does not know');
    const { readings } = await readOverReplay(changes, fixture);
    expect(readings).toEqual([
      { notRead: 'a listing replaces no value: before it, the vault type is not listed' },
      { notRead: 'the Spotter holds no liquidation ratio for this vault type' },
      { notRead: 'the Jug holds no stability fee for this vault type' },
      { notRead: 'the Vat knows no such vault type' },
      { notRead: 'this parameter is not read on chain yet' },
      { notRead: 'this parameter is not read on chain yet' },
    ]);
  });
});

describe('Sky’s reader when the chain fails', () => {
  const changes = changesBetween('2026-04-09', '2026-04-23');
  const fallible = (breakage: Breakage) => skyRecording(changes, state('2026-04-09'), 'the 2026-04-09 chain, one view broken', breakage);

  it('says "could not be read on Ethereum" for every change when Ethereum answers 503, and keeps planned reasons', async () => {
    const withListing = [...changes, { protocol: 'sky', market: 'NEW-A', parameter: 'listing', to: 'listed', unit: 'state', evidence: 'test', verified: true } as ParameterChange];
    const { readings } = await readOverReplay(withListing, await fallible({}), { kind: 'status', status: 503 });
    for (const reading of readings.slice(0, -1)) expect(reading).toEqual({ notRead: expect.stringMatching(/^could not be read on Ethereum \(ethereum: .*503/) });
    expect(readings.at(-1)).toEqual({ notRead: 'a listing replaces no value: before it, the vault type is not listed' });
  });

  it('costs a reverted view only its own change, and an answer that does not decode only its own', async () => {
    const ceiling = changes.findIndex((change) => change.parameter === 'debtCeiling');
    const ilk = changes[ceiling]!.market!;
    const named = (call: { args: readonly unknown[] }) => Buffer.from((call.args[0] as string).slice(2), 'hex').toString('utf8').replace(/\0+$/, '') === ilk;
    const reverted = await readOverReplay(changes, await fallible({ revert: (call) => call.target.toLowerCase() === '0x35d1b3f3d7966a1dfe207aa4514c12a259a0492b' && named(call) }));
    const cut = await readOverReplay(changes, await fallible({ truncate: (call) => call.target.toLowerCase() === '0x35d1b3f3d7966a1dfe207aa4514c12a259a0492b' && named(call) }));
    changes.forEach((change, index) => {
      const touched = change.market === ilk && (change.parameter === 'debtCeiling' || change.parameter === 'autoLineGap');
      if (touched) {
        expect(reverted.readings[index], `${change.market} ${change.parameter}`).toEqual({ notRead: 'the contract refused the read' });
        expect(cut.readings[index], `${change.market} ${change.parameter}`).toEqual({ notRead: 'the contract’s answer could not be decoded' });
      } else {
        expect(readingVerdict(change, reverted.readings[index]!).kind).toBe('agrees');
        expect(readingVerdict(change, cut.readings[index]!).kind).toBe('agrees');
      }
    });
  });

  it('says the Multicall3 answer is malformed when the node answers what does not decode', async () => {
    const { readings } = await readOverReplay(changes, await fallible({}), { kind: 'malformed' });
    for (const reading of readings) expect(reading).toEqual({ notRead: expect.stringMatching(/^could not be read on Ethereum \(/) });
  });
});

describe('Sky’s reading plan', () => {
  it('reads each kind from its DSS view, and the encoding of a yearly rate compounds back to it', () => {
    const change = (parameter: string, market?: string): ParameterChange => ({ protocol: 'sky', ...(market && { market }), parameter, to: 1, unit: 'bps', evidence: 'test', verified: true });
    const targets = skyPlans([change('gsmDelay'), change('ssr'), change('dsr'), change('stabilityFee', 'ETH-A'), change('mat', 'ETH-A'), change('debtCeiling', 'ETH-A')]).map((plan) =>
      'calls' in plan ? plan.calls.map((call) => call.target) : plan.notRead,
    );
    expect(targets).toEqual([
      ['0xbE286431454714F511008713973d3B053A2d38f3'],
      ['0xa3931d71877C0E7a3148CB7Eb4463524FEc27fbD'],
      ['0x197E90f9FAD81970bA7976f33CbD77088E5D7cf7'],
      ['0x19c0976f590D67707E62397C87829d896Dc0f1F1', '0x19c0976f590D67707E62397C87829d896Dc0f1F1'],
      ['0x65C79fcB50Ca1594B025960e539eD7A9a6D434A3'],
      ['0x35D1b3F3D7966A1DFe207aa4514C12a259A0492B', '0xC7Bdd1F2B16447dcf3dE045C4a039A60EC2f0ba3'],
    ]);
    // spells-mainnet src/test/rates.sol: rates[450] = 1000000001395766281313196627 (the sky-savings-rate recording's value).
    expect(yearlyRateOfRay(1000000001395766281313196627n)).toBeCloseTo(0.045, 12);
    expect(yearlyRateOfRay(rayOfYearlyBps(450))).toBeCloseTo(0.045, 12);
  });
});

describe('the recorded feed’s open Sky proposals, read at feed build time', () => {
  const replay = useReplay();

  it('reads the passed and the voted spells’ autoline gap and poll 1601’s ceiling from sky-current-values.json in one request', async () => {
    const upstreams = { ...replay.upstreams({ deadlineMs: 2_000 }), recording: recordingOf(replay.fixtures) };
    const listed = (await Promise.all(Object.values(sky.source).map((source) => source!.readProposals({ signal: AbortSignal.timeout(20_000), now: NOW, upstreams })))).flat();
    const before = replay.server.received.ethereum;
    const proposals = await withChainReadings(listed, { modules: [moduleEntry('sky')], upstreams, now: NOW, deadlineMs: 5_000 });
    expect(replay.server.received.ethereum - before, 'HTTP requests to Ethereum').toBe(1);
    const read = proposals.filter((proposal) => proposal.chainReadings).map((proposal) => [proposal.id, proposal.changes[0]!.market, proposal.changes[0]!.parameter, proposal.chainReadings![0], readingVerdict(proposal.changes[0]!, proposal.chainReadings![0]!).kind]);
    expect(read).toEqual([
      ['sky-spell-0x5000000000000000000000000000000000001121', 'ETH-A', 'autoLineGap', { value: 150_000_000 }, 'agrees'],
      // The spell being voted (skyGovernanceChain.ts VOTED_SPELL) moves the same gap: one read serves both.
      ['sky-spell-0x5000000000000000000000000000000000001120', 'ETH-A', 'autoLineGap', { value: 150_000_000 }, 'agrees'],
      ['sky-poll-1601', 'ALLOCATOR-SPARK-A', 'debtCeiling', { value: 10_000_000_000 }, 'in_effect'],
    ]);
  });
});
