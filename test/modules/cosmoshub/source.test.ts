import { fromBase64 } from '@cosmjs/encoding';
import { QueryParamsResponse, QueryProposalsRequest, QueryTallyResultResponse } from 'cosmjs-types/cosmos/gov/v1/query';
import { QueryPoolResponse } from 'cosmjs-types/cosmos/staking/v1beta1/query';
import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../shared/contract/proposal.js';
import { cosmoshubSource } from '../../../shared/modules/cosmoshub/source.js';
import { PROPOSALS_PAGE_SIZE } from '../../../shared/modules/cosmoshub/requests.js';
import { recorded, TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';
import { raw } from './buildRecordings.js';
import { renderProposal } from '../../../shared/proposals/render.js';

const replay = useReplay();
const NOW = new Date('2024-07-02T12:00:00Z');
const read = (signal = new AbortController().signal, upstreams = replay.upstreams()) => cosmoshubSource().readProposals({ signal, now: NOW, upstreams });

const rawPage = () => raw('gov_v1_proposals_page3_trimmed.json').proposals as Record<string, any>[];
const rawProposal = (id: string) => rawPage().find((proposal) => proposal.id === id)!;
const atom = (uatom: string) => Number(uatom) / 1e6;
/** The protobuf value the replay server answers an abci_query of `path` with. */
const served = (path: string): Uint8Array =>
  fromBase64(
    recorded<{ result: { response: { value: string } } }>(replay.fixtures, 'cosmosRpc', (request) => (request.params as { path?: string } | undefined)?.path === path).result
      .response.value,
  );

describe('cosmoshub source on its recordings', () => {
  it('reads the newest page of gov v1 proposals and gives each its contract id, status and Mintscan link first', async () => {
    const proposals = await read();
    expect(proposals.map((proposal) => [proposal.id, proposal.status])).toEqual([
      ['cosmoshub-gov-936', 'active'],
      ['cosmoshub-gov-926', 'passed'],
      ['cosmoshub-gov-924', 'executed'],
      ['cosmoshub-gov-923', 'closed'],
    ]);
    for (const proposal of proposals) {
      expect(Proposal.safeParse(renderProposal({ proposal }, 'full')).success).toBe(true);
      expect(proposal.sourceLinks?.[0]?.url).toBe(`https://www.mintscan.io/cosmos/proposals/${proposal.id.split('-').at(-1)}`);
    }
  });

  it('is recorded for the request the source sends: the v1 Proposals page, newest first, of the documented size', async () => {
    const request = replay.fixtures
      .flatMap((file): unknown[] => (file.upstream === 'cosmosRpc' ? file.exchanges : []))
      .map((exchange) => (exchange as { request: { params?: { path?: string; data?: string } } }).request)
      .find((request) => request.params?.path === '/cosmos.gov.v1.Query/Proposals')!;
    const sent = QueryProposalsRequest.decode(Buffer.from(request.params!.data!, 'hex'));
    expect(sent.pagination).toMatchObject({ limit: BigInt(PROPOSALS_PAGE_SIZE), reverse: true, offset: 0n, countTotal: false });
    expect(sent.proposalStatus).toBe(0);
  });

  it('counts a live vote from the TallyResult query, in ATOM, with quorum against bonded stake', async () => {
    const [live] = await read();
    // The answers the replay server serves (the first recording in path order), decoded.
    const { tally } = QueryTallyResultResponse.decode(served('/cosmos.gov.v1.Query/TallyResult'));
    const { pool } = QueryPoolResponse.decode(served('/cosmos.staking.v1beta1.Query/Pool'));
    const { tallyParams } = QueryParamsResponse.decode(served('/cosmos.gov.v1.Query/Params'));
    const bonded = atom(pool!.bondedTokens);
    const quorum = Number(tallyParams!.quorum);
    const total = atom(tally!.yesCount) + atom(tally!.noCount) + atom(tally!.noWithVetoCount) + atom(tally!.abstainCount);
    expect(live!.votes).toEqual({
      for: atom(tally!.yesCount),
      against: expect.closeTo(atom(tally!.noCount) + atom(tally!.noWithVetoCount), 6),
      abstain: atom(tally!.abstainCount),
      total: expect.closeTo(total, 6),
      quorumRequired: expect.closeTo(quorum * bonded, 3),
      quorumReached: total >= quorum * bonded,
    });
    // The raw #936 tally: 64.5 M ATOM voted of 255.5 M bonded, 25 %, short of the 40 % quorum.
    expect(live!.votes.for).toBe(atom(raw('gov_v1beta1_tally_936.json').tally.yes));
    expect(live!.votes.quorumReached).toBe(false);
  });

  it('takes an ended vote from final_tally_result, without a quorum counted against today’s stake', async () => {
    const proposals = await read();
    const upgrade = proposals.find((proposal) => proposal.id === 'cosmoshub-gov-924')!;
    const tally = rawProposal('924').final_tally_result;
    expect(upgrade.votes).toEqual({
      for: atom(tally.yes_count),
      against: expect.closeTo(atom(tally.no_count) + atom(tally.no_with_veto_count), 6),
      abstain: atom(tally.abstain_count),
      total: expect.closeTo(atom(tally.yes_count) + atom(tally.no_count) + atom(tally.no_with_veto_count) + atom(tally.abstain_count), 6),
    });
    expect(upgrade.votes.for).toBe(136_067_683.887027);
  });

  it('gives the timeline from submit and voting times, to the second', async () => {
    const proposals = await read();
    const signal = proposals.find((proposal) => proposal.id === 'cosmoshub-gov-926')!;
    const source = rawProposal('926');
    expect(signal.timeline).toEqual({
      created: source.submit_time.replace(/\.\d+Z$/, 'Z'),
      start: source.voting_start_time.replace(/\.\d+Z$/, 'Z'),
      end: source.voting_end_time.replace(/\.\d+Z$/, 'Z'),
    });
    expect(signal.timeline.end).toBe('2024-06-17T17:14:00Z');
    expect(signal.firstSeen).toBe(signal.timeline.created);
  });

  it('keeps title, summary source text and proposer as the chain has them', async () => {
    const proposals = await read();
    const upgrade = proposals.find((proposal) => proposal.id === 'cosmoshub-gov-924')!;
    const source = rawProposal('924');
    expect(upgrade.title).toBe('Gaia v17 Software Upgrade');
    expect(upgrade.description).toBe(source.summary);
    expect(upgrade.proposer).toBe(source.proposer);
    expect(upgrade.summary.length).toBeGreaterThan(20);
    expect(upgrade.summary).not.toMatch(/^#/);
  });

  it('decodes no parameter change from an upgrade, a signal or spam, and gives an upgrade planned by height no date', async () => {
    const proposals = await read();
    for (const proposal of proposals) {
      expect(proposal.changes).toEqual([]);
      expect(proposal.effectiveDate).toBeUndefined();
    }
  });

  it('classifies a software upgrade as shape from its message, and leaves text proposals to the words rule', async () => {
    const proposals = await read();
    const upgrades = proposals.filter((proposal) => proposal.title.includes('Software Upgrade') && !proposal.title.startsWith('Signaling'));
    expect(upgrades.length).toBeGreaterThan(0);
    for (const proposal of proposals) expect(proposal.changeType, proposal.id).toBe(upgrades.includes(proposal) ? 'shape' : undefined);
  });
});

describe('cosmoshub source under upstream faults', () => {
  it('rejects when the RPC answers 503', async () => {
    replay.server.faults.inject('cosmosRpc', { kind: 'status', status: 503 });
    await expect(read()).rejects.toMatchObject({ code: 'upstream_status' });
  });

  it('rejects when the RPC hangs past the deadline', async () => {
    replay.server.faults.inject('cosmosRpc', { kind: 'hang' });
    await expect(read(undefined, replay.upstreams(TEST_POLICY))).rejects.toMatchObject({ code: 'upstream_timeout' });
  });

  it('rejects a malformed answer', async () => {
    replay.server.faults.inject('cosmosRpc', { kind: 'malformed' });
    await expect(read()).rejects.toMatchObject({ code: 'upstream_malformed' });
  });

  it('rejects a node of another chain before reading any proposal', async () => {
    replay.server.faults.inject('cosmosRpc', { kind: 'wrongChain' });
    const upstreams = replay.upstreams();
    await expect(cosmoshubSource().readProposals({ signal: new AbortController().signal, now: NOW, upstreams })).rejects.toMatchObject({
      code: 'upstream_wrong_chain',
    });
    expect(upstreams.counter.snapshot().cosmosRpc?.requests).toBe(1);
  });

  it('rejects when a query after the connection fails (the Proposals page answers 503)', async () => {
    const upstreams = replay.upstreams();
    const rpc = upstreams.cosmosRpc;
    let calls = 0;
    // The `status` call connects; from the next call on, the node answers 503.
    upstreams.cosmosRpc = {
      ...rpc,
      fetch: async (input, init) => {
        const response = await rpc.fetch(input, init);
        if ((calls += 1) === 1) replay.server.faults.inject('cosmosRpc', { kind: 'status', status: 503 });
        return response;
      },
    };
    await expect(cosmoshubSource().readProposals({ signal: new AbortController().signal, now: NOW, upstreams })).rejects.toMatchObject({
      code: 'upstream_status',
    });
    expect(calls).toBe(2);
  });

  it('is answered only for the exact request bytes: a page of another size is a miss', async () => {
    replay.expectMisses(1);
    const { connectHubQueries } = await import('../../../shared/modules/cosmoshub/hubQueries.js');
    const queries = await connectHubQueries(replay.upstreams().cosmosRpc, new AbortController().signal);
    const other = QueryProposalsRequest.fromPartial({ pagination: { limit: BigInt(PROPOSALS_PAGE_SIZE + 1), reverse: true } });
    await expect(queries.gov.Proposals(other)).rejects.toThrow();
  });

  it('stops at once when the caller’s signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('deadline'));
    await expect(read(controller.signal)).rejects.toThrow('deadline');
  });
});
