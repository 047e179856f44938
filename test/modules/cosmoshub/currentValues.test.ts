import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import { withChainReadings } from '../../../shared/feed/currentValues/withChainReadings.js';
import { cosmoshubCurrentValues } from '../../../shared/modules/cosmoshub/currentValues.js';
import { moduleEntry } from '../../../shared/modules/loaders.js';
import { type FixtureFile, loadFixtures } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { feedProposal } from '../../support/feed.js';
import { missesOnRecordedUpstreams, TEST_POLICY } from '../../upstream/replayHarness.js';

/*
 * Issue #21 item 4: the Cosmos Hub's current-value reader over real HTTP (CometBFT abci_query
 * through cosmjs) to the replay server, on the recorded params: x/distribution and x/mint from
 * BlockPI's published 2023 bodies (cosmoshub-exposure-delegator.json: community tax 0.1, inflation
 * 0.07–0.2), x/staking's minimum commission 0.05 of Prop 826 (cosmoshub-params.json, generator
 * test/fixtures/raw/cosmoshub/encodeCurrentValues.ts). No recorded Hub proposal is open
 * with parameter changes (#936 is a text proposal, #926 a spend), so the changes here are
 * SYNTHETIC, shaped as decodeParameterChanges states them. The faulty answers are SYNTHETIC too,
 * made in this file and never written to fixtures.
 */
const NOW = new Date('2024-07-02T00:00:00Z');
const change = (fields: Partial<ParameterChange> & Pick<ParameterChange, 'parameter' | 'to'>): ParameterChange => ({ protocol: 'cosmoshub', asset: 'ATOM', unit: 'fraction', evidence: 'SYNTHETIC', verified: true, ...fields });
const CHANGES = [
  change({ parameter: 'communityTax', from: 0.1, to: 0.02 }),
  change({ parameter: 'inflationMin', to: 0.04 }),
  change({ parameter: 'inflationMax', to: 0.08 }),
  change({ parameter: 'minCommission', unit: 'bps', to: 1_000 }),
  change({ parameter: 'maxValidators', unit: 'tokens', to: 200 }),
];

/** An abci_query answer to a Params query (no request data), with `response` over CometBFT's envelope. */
const paramsAnswer = (path: string, response: Record<string, unknown>) => ({
  request: { method: 'abci_query', params: { path, data: '', prove: false } },
  response: { jsonrpc: '2.0', result: { response: { code: 0, log: '', info: '', index: '0', key: null, value: null, proofOps: null, height: '20739800', codespace: '', ...response } } },
});

/** SYNTHETIC: the mint query refused (ABCI code 6), the staking one answered with bytes that are not protobuf. Put first, so it answers before the recordings. */
const FAULTY_PARAMS = {
  upstream: 'cosmosRpc',
  protocol: 'json-rpc',
  description: 'SYNTHETIC: refused and undecodable Params answers, made in test/modules/cosmoshub/currentValues.test.ts',
  source: { kind: 'encoded', references: ['test/modules/cosmoshub/currentValues.test.ts (SYNTHETIC)'] },
  exchanges: [paramsAnswer('/cosmos.mint.v1beta1.Query/Params', { code: 6, log: 'unknown query path', codespace: 'sdk' }), paramsAnswer('/cosmos.staking.v1beta1.Query/Params', { value: '//8=' })],
} as FixtureFile;

let fixtures: FixtureFile[];
let server: ReplayServer;
let faulty: ReplayServer;
beforeAll(async () => {
  fixtures = await loadFixtures();
  [server, faulty] = await Promise.all([startReplayServer({ fixtures }), startReplayServer({ fixtures: [FAULTY_PARAMS, ...fixtures] })]);
});
afterEach(() => {
  server.faults.clear();
  expect(missesOnRecordedUpstreams(server, fixtures)).toEqual([]);
});
afterAll(() => Promise.all([server.close(), faulty.close()]));

const upstreams = (on = server) => createUpstreams({ endpoints: on.endpoints, policy: { ...TEST_POLICY, deadlineMs: 2_000, retries: 0 }, env: {} });
const read = (changes: readonly ParameterChange[], on = server) => cosmoshubCurrentValues().readCurrentValues(changes, { signal: new AbortController().signal, now: NOW, upstreams: upstreams(on) });

describe('the Cosmos Hub’s old values read on chain', () => {
  it('reads each change from its module’s current params, in the change’s unit, one query per module touched', async () => {
    const before = server.received.cosmosRpc;
    expect(await read(CHANGES)).toEqual([{ value: 0.1 }, { value: 0.07 }, { value: 0.2 }, { value: 500 }, { notRead: 'this parameter is not read on chain yet' }]);
    // status, then distribution, mint and staking Params: four HTTP requests.
    expect(server.received.cosmosRpc - before).toBe(4);
    const tax = server.received.cosmosRpc;
    expect(await read([CHANGES[0]!])).toEqual([{ value: 0.1 }]);
    expect(server.received.cosmosRpc - tax, 'status and x/distribution only').toBe(2);
  });

  it('reads an open proposal’s changes at feed build time and leaves a closed one unread', async () => {
    const open = feedProposal({ id: 'cosmoshub-gov-synthetic', protocol: 'cosmoshub', status: 'active', changes: [CHANGES[0]!] });
    const closed = feedProposal({ id: 'cosmoshub-gov-synthetic-closed', protocol: 'cosmoshub', status: 'closed', changes: [CHANGES[1]!] });
    const [read, unread] = await withChainReadings([open, closed], { modules: [moduleEntry('cosmoshub')], upstreams: upstreams(), now: NOW, deadlineMs: 5_000 });
    expect(read!.chainReadings).toEqual([{ value: 0.1 }]);
    expect(unread!.chainReadings).toBeUndefined();
  });

  it('asks nothing when no change is readable', async () => {
    const before = server.received.cosmosRpc;
    expect(await read([CHANGES[4]!])).toEqual([{ notRead: 'this parameter is not read on chain yet' }]);
    expect(server.received.cosmosRpc).toBe(before);
  });

  it('says "could not be read" for every readable change when the node is down or on another chain, keeping the others’ reasons', async () => {
    server.faults.inject('cosmosRpc', { kind: 'status', status: 503 });
    const down = await read(CHANGES);
    for (const reading of down.slice(0, 4)) expect(reading).toEqual({ notRead: 'could not be read on the Cosmos Hub (cosmosRpc: answered HTTP 503)' });
    expect(down[4]).toEqual({ notRead: 'this parameter is not read on chain yet' });
    server.faults.inject('cosmosRpc', { kind: 'wrongChain' });
    const [wrong] = await read([CHANGES[0]!]);
    expect(wrong).toEqual({ notRead: expect.stringMatching(/^could not be read on the Cosmos Hub \(cosmosRpc: serves .*, expected cosmoshub-4\)$/) });
  });

  it('says why for a body cut short', async () => {
    server.faults.inject('cosmosRpc', { kind: 'malformed' });
    const [cut] = await read([CHANGES[0]!]);
    expect(cut).toEqual({ notRead: expect.stringMatching(/^could not be read on the Cosmos Hub \(cosmosRpc: answered a body that does not parse/) });
  });

  it('costs a refused or undecodable params query only its own module’s changes', async () => {
    expect(await read(CHANGES, faulty)).toEqual([
      { value: 0.1 },
      { notRead: 'the Hub’s answer to its x/mint params query could not be used' },
      { notRead: 'the Hub’s answer to its x/mint params query could not be used' },
      { notRead: 'the Hub’s answer to its x/staking params query could not be used' },
      { notRead: 'this parameter is not read on chain yet' },
    ]);
  });
});
