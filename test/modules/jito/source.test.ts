import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isoFromUnixSeconds } from '../../../shared/governance/time.js';
import { JITO_DEPLOYMENT } from '../../../shared/modules/jito/deployment.js';
import { jitoSource } from '../../../shared/modules/jito/source.js';
import { type FixtureFile, loadFixtures } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../../../shared/upstream/upstreams.js';
import { COUNTING_POLICY, TEST_POLICY } from '../../upstream/replayHarness.js';
import { encodedAccountData, SAMPLE_DEPLOYMENT, SAMPLE_GOVERNANCE, SAMPLE_PROGRAM, SAMPLE_PROPOSALS, SAMPLE_VOTING, sampleRealmFixture } from './sampleRealm.js';

/** The one request the source makes for the sample deployment's proposals, as @solana/kit 8.4 sends it. */
const SAMPLE_REQUEST = {
  method: 'getProgramAccounts',
  params: [
    SAMPLE_PROGRAM,
    {
      encoding: 'base64',
      filters: [
        { memcmp: { offset: 0, bytes: 'F', encoding: 'base58' } },
        { memcmp: { offset: 1, bytes: SAMPLE_GOVERNANCE, encoding: 'base58' } },
      ],
      commitment: 'confirmed',
    },
  ],
};

// The served recordings plus the sample realm's, which stays beside the tests (never served as Jito's).
let server: ReplayServer;
let allowedMisses = 0;
beforeAll(async () => {
  server = await startReplayServer({ fixtures: [...(await loadFixtures()), sampleRealmFixture(SAMPLE_REQUEST)] });
});
afterEach(() => {
  server.faults.clear();
  expect(server.misses.length, JSON.stringify(server.misses)).toBe(allowedMisses);
  server.misses.length = 0;
  allowedMisses = 0;
});
afterAll(async () => {
  await server?.close();
});

/** COUNTING_POLICY's deadline, as the harness's upstreams; the fault tests pass TEST_POLICY's, which the hang waits out. */
const upstreams = (retries = COUNTING_POLICY.retries, deadlineMs = COUNTING_POLICY.deadlineMs) => createUpstreams({ endpoints: server.endpoints, policy: { ...COUNTING_POLICY, retries, deadlineMs }, env: {} });
/** A feed build's context, on the served recordings' upstreams unless told others. */
const context = (ups: Upstreams = upstreams()) => ({ signal: AbortSignal.timeout(5_000), now: new Date('2026-11-22T12:00:00Z'), upstreams: ups });
const sample = () => jitoSource(SAMPLE_DEPLOYMENT);
const account = (pubkey: string) => SAMPLE_PROPOSALS.find((entry) => entry.pubkey === pubkey)!.account;

describe('the source on a real realm\'s published accounts (not Jito: see sampleRealm.ts)', () => {
  it('keeps the newest proposals by draft time, newest first', async () => {
    const proposals = await sample().readProposals(context());
    const byDraft = [...SAMPLE_PROPOSALS].sort((a, b) => Number(b.account.draftAt) - Number(a.account.draftAt));
    expect(proposals.map((proposal) => proposal.id)).toEqual(
      byDraft.slice(0, SAMPLE_DEPLOYMENT.newest).map(({ pubkey }) => `splgov-sample-realms-${pubkey}`),
    );
  });

  it('maps Draft to pending, Succeeded to passed and Defeated to closed', async () => {
    const proposals = await sample().readProposals(context());
    const status = Object.fromEntries(proposals.map((proposal) => [proposal.id.split('-').at(-1), proposal.status]));
    expect(status).toEqual({
      '2YjL9qMA9Qt6ypM82oRKQb6xJij7YcPBky4AeB28E9U6': 'pending',
      '5PkLneD9HkbBBxC8Lb7D7TVRwMXcF9QZrAc8qnnQh6v4': 'closed',
      GjyRZ1gRCZbmpcJuUDgg3htRdXbyhAFE5BXFvfkhwAJr: 'passed',
      '7obQ2A5dtXRppQZJ62zzBtMsRr7r1ez7aUzkVugtnAZj': 'passed',
    });
  });

  it('reads a decided vote: weights, the threshold share of the max weight, and its dates', async () => {
    const pubkey = 'GjyRZ1gRCZbmpcJuUDgg3htRdXbyhAFE5BXFvfkhwAJr';
    const recorded = account(pubkey);
    const proposal = (await sample().readProposals(context())).find((entry) => entry.id.endsWith(pubkey))!;
    expect(proposal.title).toBe(recorded.name);
    expect(proposal.description).toBe(recorded.descriptionLink);
    // The link text is no prose: the summary falls back to the name.
    expect(proposal.summary).toBe(recorded.name);
    expect(proposal.votes).toEqual({ for: 2, against: 0, total: 2, quorumRequired: 2, quorumReached: true });
    expect(proposal.timeline).toEqual({
      created: isoFromUnixSeconds(recorded.draftAt),
      start: isoFromUnixSeconds(recorded.votingAt!),
      end: isoFromUnixSeconds(recorded.votingCompletedAt!),
    });
    expect(proposal.firstSeen).toBe(proposal.timeline.created);
    expect(proposal.sourceLinks).toEqual([{ url: `https://explorer.solana.com/address/${pubkey}`, label: 'View on Solana Explorer' }]);
    expect(proposal.changes).toEqual([]);
    expect(proposal.changeType).toBeUndefined();
  });

  it('reads a lost vote: Yes 1 against No 1 is short of 60 % of 2', async () => {
    const proposal = (await sample().readProposals(context())).find((entry) => entry.id.endsWith('5PkLneD9HkbBBxC8Lb7D7TVRwMXcF9QZrAc8qnnQh6v4'))!;
    expect(proposal.votes).toEqual({ for: 1, against: 1, total: 2, quorumRequired: 2, quorumReached: false });
  });

  it('gives a draft only its creation time and no quorum (none is set before the vote)', async () => {
    const proposal = (await sample().readProposals(context())).find((entry) => entry.id.endsWith('2YjL9qMA9Qt6ypM82oRKQb6xJij7YcPBky4AeB28E9U6'))!;
    expect(proposal.timeline).toEqual({ created: isoFromUnixSeconds(account('2YjL9qMA9Qt6ypM82oRKQb6xJij7YcPBky4AeB28E9U6').draftAt) });
    expect(proposal.votes).toEqual({ for: 0, against: 0, total: 0 });
  });

  it('checks the cluster first, then makes one request for the proposals', async () => {
    const ups = upstreams();
    await jitoSource(SAMPLE_DEPLOYMENT).readProposals(context(ups));
    expect(ups.counter.snapshot().solana.requests).toBe(2);
  });

  it('stops when its signal is aborted', async () => {
    await expect(sample().readProposals({ signal: AbortSignal.abort(), now: new Date(), upstreams: upstreams() })).rejects.toThrow();
  });
});

describe('faults on the solana upstream make readProposals reject', () => {
  it('HTTP 503', async () => {
    server.faults.inject('solana', { kind: 'status', status: 503 });
    await expect(sample().readProposals(context(upstreams(0)))).rejects.toMatchObject({ code: 'upstream_status', message: 'solana: answered HTTP 503' });
  });

  it('a hang, cut by the per-call deadline', async () => {
    server.faults.inject('solana', { kind: 'hang' });
    await expect(sample().readProposals(context(upstreams(0, TEST_POLICY.deadlineMs)))).rejects.toMatchObject({ code: 'upstream_timeout' });
  });

  it('a body cut in the middle', async () => {
    server.faults.inject('solana', { kind: 'malformed' });
    await expect(sample().readProposals(context(upstreams(0)))).rejects.toMatchObject({ code: 'upstream_malformed' });
  });

  it('an endpoint that serves another cluster', async () => {
    server.faults.inject('solana', { kind: 'wrongChain' });
    await expect(sample().readProposals(context(upstreams(0)))).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });
});

describe('the Jito deployment', () => {
  it("asks Jito's own program for every ProposalV2 with one filter on the account type; no recording answers it yet", async () => {
    allowedMisses = 1;
    await expect(jitoSource().readProposals(context(upstreams(0)))).rejects.toThrow(/getProgramAccounts/);
    const request = JSON.parse(server.misses[0]!.request) as { method: string; params: unknown };
    expect(request.method).toBe('getProgramAccounts');
    expect(request.params).toEqual([
      JITO_DEPLOYMENT.programId,
      { encoding: 'base64', filters: [{ memcmp: { offset: 0, bytes: 'F', encoding: 'base58' } }], commitment: 'confirmed' },
    ]);
  });

  it("links a proposal to gov.jito.network first, as jito-omnidocs links JIP-3's vote", () => {
    // jito-foundation/jito-omnidocs StakeNet Governance page: "DAO Vote: JIP-3 Realms".
    expect(JITO_DEPLOYMENT.proposalUrl('CTaYLKaPw7gexrjp8gi2aDkG8QJuWzqz6LrySCJoRhyt')).toBe(
      'https://gov.jito.network/dao/Jito/proposal/CTaYLKaPw7gexrjp8gi2aDkG8QJuWzqz6LrySCJoRhyt',
    );
  });
});

describe('a proposal still in Voting', () => {
  let voting: ReplayServer;
  beforeAll(async () => {
    voting = await startReplayServer({ fixtures: [...(await loadFixtures()), sampleRealmFixture(SAMPLE_REQUEST, [...SAMPLE_PROPOSALS, ...SAMPLE_VOTING])] });
  });
  afterAll(async () => {
    await voting?.close();
  });

  it('sends for its governance\'s vote rules in one getMultipleAccounts (the sample realm\'s governance account was not published)', async () => {
    const ups = createUpstreams({ endpoints: voting.endpoints, policy: { ...COUNTING_POLICY, retries: 0 }, env: {} });
    await expect(jitoSource({ ...SAMPLE_DEPLOYMENT, newest: 10 }).readProposals(context(ups))).rejects.toThrow(/getMultipleAccounts/);
    expect(voting.misses.map(({ request }) => JSON.parse(request) as { method: string; params: unknown })).toMatchObject([
      { method: 'getMultipleAccounts', params: [[SAMPLE_GOVERNANCE], { encoding: 'base64', commitment: 'confirmed' }] },
    ]);
  });
});

/** Runs `read` against a replay server of the recordings plus `fixture`, started for this test only. */
async function withRealm<T>(fixture: FixtureFile, read: (server: ReplayServer) => Promise<T>): Promise<T> {
  const own = await startReplayServer({ fixtures: [...(await loadFixtures()), fixture] });
  try {
    return await read(own);
  } finally {
    await own.close();
  }
}
const realmUpstreams = (own: ReplayServer) => createUpstreams({ endpoints: own.endpoints, policy: { ...COUNTING_POLICY, retries: 0 }, env: {} });
/** A ProposalV2 cut short: what a longer future layout (or a V1 account) looks like to this one. */
const unreadable = (pubkey: string) => ({ pubkey, data: encodedAccountData(SAMPLE_PROPOSALS[0]!.account).slice(0, 120) });

describe('proposal accounts the layout cannot read', () => {
  it('drops the unreadable account and keeps the others', async () => {
    const fixture = sampleRealmFixture(SAMPLE_REQUEST, SAMPLE_PROPOSALS, [unreadable('Bad1111111111111111111111111111111111111111')]);
    const proposals = await withRealm(fixture, (own) => jitoSource(SAMPLE_DEPLOYMENT).readProposals(context(realmUpstreams(own))));
    expect(proposals).toHaveLength(SAMPLE_DEPLOYMENT.newest);
    expect(proposals.some((proposal) => proposal.id.endsWith('Bad1111111111111111111111111111111111111111'))).toBe(false);
  });

  it('rejects with upstream_malformed when not one account decodes, rather than reporting no proposals', async () => {
    const fixture = sampleRealmFixture(SAMPLE_REQUEST, [], [unreadable('Bad1111111111111111111111111111111111111111'), unreadable('Bad2222222222222222222222222222222222222222')]);
    await expect(withRealm(fixture, (own) => jitoSource(SAMPLE_DEPLOYMENT).readProposals(context(realmUpstreams(own))))).rejects.toMatchObject({
      code: 'upstream_malformed',
    });
  });
});

describe("a proposal's transactions", () => {
  const SUCCEEDED = 'GjyRZ1gRCZbmpcJuUDgg3htRdXbyhAFE5BXFvfkhwAJr';
  const DEFEATED = '5PkLneD9HkbBBxC8Lb7D7TVRwMXcF9QZrAc8qnnQh6v4';
  /** The source's ProposalTransactionV2 listing for one proposal (type 13 = base58 `E`). */
  const transactionsRequest = (proposal: string) => ({
    method: 'getProgramAccounts',
    params: [
      SAMPLE_PROGRAM,
      {
        encoding: 'base64',
        filters: [
          { memcmp: { offset: 0, bytes: 'E', encoding: 'base58' } },
          { memcmp: { offset: 1, bytes: proposal, encoding: 'base58' } },
        ],
        commitment: 'confirmed',
      },
    ],
  });

  it('are read only for proposals whose changes can still matter: a Succeeded one, not a Defeated one', async () => {
    // Both kept proposals get one transaction; only the Succeeded one's listing is served.
    const withTransaction = SAMPLE_PROPOSALS.map((entry) =>
      [SUCCEEDED, DEFEATED].includes(entry.pubkey)
        ? { ...entry, account: { ...entry.account, options: entry.account.options.map((option) => ({ ...option, transactionsCount: 1 })) } }
        : entry,
    );
    const fixture = sampleRealmFixture(SAMPLE_REQUEST, withTransaction, [], [{ request: transactionsRequest(SUCCEEDED), response: { jsonrpc: '2.0', result: [] } }]);
    const counts = await withRealm(fixture, async (own) => {
      const ups = realmUpstreams(own);
      await jitoSource(SAMPLE_DEPLOYMENT).readProposals(context(ups));
      expect(own.misses).toEqual([]);
      return ups.counter.snapshot().solana;
    });
    // getGenesisHash, the proposals, the Succeeded proposal's transactions.
    expect(counts.requests).toBe(3);
  });
});
