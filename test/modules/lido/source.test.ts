import { decodeEventLog, decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../shared/contract/proposal.js';
import { votingAbi } from '../../../shared/modules/lido/abi.js';
import { lidoAragonSource } from '../../../shared/modules/lido/source.js';
import { renderProposal } from '../../../shared/proposals/render.js';
import { recorded, useReplay } from '../../upstream/replayHarness.js';

const replay = useReplay();
// After vote #171 was executed (2024-01-26 14:27 UTC) and before vote #172: what the recording holds.
const NOW = new Date('2024-02-01T00:00:00Z');

type RpcAnswer = { result: Hex };
const getVoteAnswer = (id: number) => {
  const answer = recorded<RpcAnswer>(replay.fixtures, 'ethereum', (request) => {
    const params = request.params as [{ data?: string }] | undefined;
    return request.method === 'eth_call' && params?.[0]?.data === encodeFunctionData({ abi: votingAbi, functionName: 'getVote', args: [BigInt(id)] });
  });
  return decodeFunctionResult({ abi: votingAbi, functionName: 'getVote', data: answer.result });
};
const metadataOf = (block: number) => {
  const answer = recorded<{ result: { topics: [Hex, ...Hex[]]; data: Hex }[] }>(replay.fixtures, 'ethereum', (request) => {
    const params = request.params as [{ fromBlock?: string }] | undefined;
    return request.method === 'eth_getLogs' && params?.[0]?.fromBlock === `0x${block.toString(16)}`;
  });
  const log = answer.result[0]!;
  return decodeEventLog({ abi: votingAbi, eventName: 'StartVote', topics: log.topics, data: log.data }).args.metadata;
};

describe('lido source on the recorded Aragon votes', () => {
  const read = () => lidoAragonSource().readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams: replay.upstreams() });

  it('reads the two newest votes, newest first, with their ids and vote.lido.fi links first', async () => {
    const proposals = await read();
    expect(proposals.map((proposal) => proposal.id)).toEqual(['lido-aragon-171', 'lido-aragon-170']);
    expect(proposals.map((proposal) => proposal.sourceLinks?.[0]?.url)).toEqual(['https://vote.lido.fi/vote/171', 'https://vote.lido.fi/vote/170']);
  });

  it('marks #171 executed and #170, short of the 5 % quorum, closed', async () => {
    const [v171, v170] = await read();
    expect(v171!.status).toBe('executed');
    expect(v171!.votes).toEqual({ for: 50_990_689.46758321, against: 0, total: 50_990_689.46758321, quorumRequired: 50_000_000, quorumReached: true });
    expect(v170!.status).toBe('closed');
    expect(v170!.votes).toMatchObject({ for: 32_191_115.799568973, against: 0, quorumRequired: 50_000_000, quorumReached: false });
  });

  it('dates the votes from startDate and ends them voteTime (72 h) later', async () => {
    const [v171, v170] = await read();
    expect(v171!.timeline).toEqual({ created: '2024-01-23T14:01:23Z', start: '2024-01-23T14:01:23Z', end: '2024-01-26T14:01:23Z' });
    expect(v170!.timeline).toEqual({ created: '2024-01-16T16:24:59Z', start: '2024-01-16T16:24:59Z', end: '2024-01-19T16:24:59Z' });
    expect(v171!.firstSeen).toBe('2024-01-23T14:01:23Z');
    expect(Number(getVoteAnswer(171)[2])).toBe(Date.parse('2024-01-23T14:01:23Z') / 1000);
  });

  it('titles a vote from its StartVote metadata, without the lidovoteipfs:// pointer', async () => {
    const [v171] = await read();
    const metadata = metadataOf(19069831);
    const cid = /lidovoteipfs:\/\/(\w+)$/.exec(metadata)![1]!;
    expect(v171!.title.startsWith('Omnibus vote: 1) Grant MANAGE_MEMBERS_AND_QUORUM_ROLE on HashConsensus for AccountingOracle')).toBe(true);
    expect(v171!.title).not.toContain('lidovoteipfs');
    expect(v171!.description).toBe(metadata.replace(`\nlidovoteipfs://${cid}`, ''));
    expect(v171!.sourceLinks).toContainEqual({ url: `https://${cid}.ipfs.w3s.link`, label: 'Full description on IPFS' });
  });

  it('decodes no parameter change from the recorded (call-less) scripts', async () => {
    const proposals = await read();
    expect(proposals.flatMap((proposal) => proposal.changes)).toEqual([]);
    expect(proposals.every((proposal) => proposal.changeType === undefined)).toBe(true);
  });

  it('answers proposals the wire schema accepts', async () => {
    // As the API renders them: a feed proposal that names no mechanism is a vote on the wire.
    for (const proposal of await read()) expect(() => Proposal.parse(renderProposal({ proposal }, 'full'))).not.toThrow();
  });

  it('makes one batched round of calls per step: chain id and voting settings, votes, logs', async () => {
    const upstreams = replay.upstreams();
    await lidoAragonSource().readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams });
    expect(upstreams.counter.snapshot().ethereum).toMatchObject({ requests: 3, calls: 8 });
  });
});
