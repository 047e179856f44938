import { readFileSync } from 'node:fs';
import { decodeEventLog, decodeFunctionResult, encodeFunctionData, formatUnits, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../../shared/upstream/describeFailure.js';
import { Proposal } from '../../../shared/contract/proposal.js';
import { renderProposal } from '../../../shared/proposals/render.js';
import type { FeedProposal } from '../../../shared/domain/proposal.js';
import { bravoAbi, proposalCreatedEvent } from '../../../shared/modules/compound/abi.js';
import { compoundSource } from '../../../shared/modules/compound/source.js';
import { recorded, TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';

const replay = useReplay();
// Long after the recording's snapshot (2022-12-26): state() comes from the recording, not from the clock.
const NOW = new Date('2026-11-22T12:00:00Z');

/** The transcribed real values the recording was encoded from (bhemen/dao-governance CSV). */
const transcribed = JSON.parse(readFileSync(new URL('../../fixtures/raw/compound/bravo-139-141.json', import.meta.url), 'utf8')) as {
  proposals: Record<string, { forVotes: string; againstVotes: string; abstainVotes: string; eta: number; tx: string; description: string; block: number }>;
};

type RpcAnswer = { result: Hex };
const recordedProposal = (id: number) => {
  const answer = recorded<RpcAnswer>(replay.fixtures, 'ethereum', (request) => {
    const params = request.params as [{ data?: string }] | undefined;
    return request.method === 'eth_call' && params?.[0]?.data === encodeFunctionData({ abi: bravoAbi, functionName: 'proposals', args: [BigInt(id)] });
  });
  return decodeFunctionResult({ abi: bravoAbi, functionName: 'proposals', data: answer.result });
};
const recordedDescription = (block: number) => {
  const answer = recorded<{ result: { topics: [Hex, ...Hex[]]; data: Hex }[] }>(replay.fixtures, 'ethereum', (request) => {
    const params = request.params as [{ fromBlock?: string }] | undefined;
    return request.method === 'eth_getLogs' && params?.[0]?.fromBlock === `0x${block.toString(16)}`;
  });
  const log = answer.result[0]!;
  return decodeEventLog({ abi: [proposalCreatedEvent], topics: log.topics, data: log.data }).args.description;
};

const comp = (raw: string | bigint) => Number(formatUnits(BigInt(raw), 18));

describe('compound source on the recorded Governor Bravo proposals 139-141', () => {
  const read = () => compoundSource().readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams: replay.upstreams() });
  const byId = async () => new Map((await read()).map((proposal): [string, FeedProposal] => [proposal.id, proposal]));

  it('reads the newest three ids, newest first, all on Bravo (CompoundGovernor had no code yet)', async () => {
    expect((await read()).map((proposal) => proposal.id)).toEqual(['compound-bravo-141', 'compound-bravo-140', 'compound-bravo-139']);
  });

  it('maps Pending to pending and Executed to executed', async () => {
    const proposals = await byId();
    expect(proposals.get('compound-bravo-141')!.status).toBe('pending');
    expect(proposals.get('compound-bravo-140')!.status).toBe('executed');
    expect(proposals.get('compound-bravo-139')!.status).toBe('executed');
  });

  it('gives the votes in whole COMP, with the 400,000 COMP For-only quorum', async () => {
    const p140 = (await byId()).get('compound-bravo-140')!;
    const raw = recordedProposal(140);
    expect(p140.votes).toEqual({
      for: comp(raw[5]),
      against: comp(raw[6]),
      abstain: 0,
      total: comp(raw[5] + raw[6]),
      quorumRequired: 400_000,
      quorumReached: true,
    });
    expect(p140.votes.for).toBe(comp(transcribed.proposals['140']!.forVotes));
    expect(p140.votes.for).toBeCloseTo(471_508.85, 2);
  });

  it('takes title, body and summary from the ProposalCreated event', async () => {
    const p140 = (await byId()).get('compound-bravo-140')!;
    expect(p140.description).toBe(recordedDescription(16171998));
    expect(p140.description).toBe(transcribed.proposals['140']!.description);
    expect(p140.title).toBe('Risk Parameter Updates for USDC Comet Market');
    expect(p140.summary).toBe('A proposal to adjust two (2) parameters for two (2) Compound V3 assets on the USDC market.');
    expect((await byId()).get('compound-bravo-139')!.title).toBe('OpenZeppelin Security Partnership - 2023 Q1 Compensation');
  });

  it('dates creation from the event block and the effect from the Timelock eta', async () => {
    const p140 = (await byId()).get('compound-bravo-140')!;
    // Block 16171998 is one of the real (block, time) anchors: 2022-12-12T23:46:47Z in the CSV.
    expect(p140.timeline.created).toBe('2022-12-12T23:46:47Z');
    expect(p140.firstSeen).toBe(p140.timeline.created);
    expect(p140.effectiveDate).toBe(new Date(transcribed.proposals['140']!.eta * 1000).toISOString().replace('.000Z', 'Z'));
    expect(Date.parse(p140.timeline.start!)).toBeGreaterThan(Date.parse(p140.timeline.created!));
    expect(Date.parse(p140.timeline.end!)).toBeLessThan(Date.parse(p140.effectiveDate!));
    expect((await byId()).get('compound-bravo-141')!.effectiveDate).toBeUndefined();
  });

  it('links Tally first, then the proposal transaction', async () => {
    const p140 = (await byId()).get('compound-bravo-140')!;
    expect(p140.sourceLinks!.map((link) => link.url)).toEqual([
      'https://www.tally.xyz/gov/compound/proposal/140',
      `https://etherscan.io/tx/${transcribed.proposals['140']!.tx}`,
    ]);
  });

  it('decodes proposal 140’s Configurator calls into the changes its text announces', async () => {
    const p140 = (await byId()).get('compound-bravo-140')!;
    // "Increase the supply cap of UNI … to 2,300,000 UNI" and "Decrease COMP liquidation factor … from 93% to 88%".
    expect(p140.changeType).toBe('parameter');
    expect(p140.changes).toEqual([
      expect.objectContaining({ market: 'comet-usdc', asset: 'COMP', parameter: 'liquidationBonus', to: 1200, unit: 'bps', verified: true }),
      expect.objectContaining({ market: 'comet-usdc', asset: 'UNI', parameter: 'supplyCap', to: 2_300_000, unit: 'tokens', verified: true }),
    ]);
    expect(p140.changes[0]!.evidence).toMatch(/updateAssetLiquidationFactor \(0xecb9a875\)/);
    expect(p140.changes.every((change) => change.from === undefined)).toBe(true);
  });

  it('decodes proposal 141’s Comptroller calls as Compound v2 changes, and none from 139’s COMP transfer', async () => {
    const proposals = await byId();
    const p141 = proposals.get('compound-bravo-141')!;
    expect(p141.changes.filter((change) => change.parameter === 'borrowCap')).toEqual([
      expect.objectContaining({ market: 'compound-v2', asset: 'LINK', to: 125_000, unit: 'tokens' }),
      expect.objectContaining({ market: 'compound-v2', asset: 'UNI', to: 700_000, unit: 'tokens' }),
    ]);
    expect(p141.changes.filter((change) => change.parameter === 'liquidationThreshold').map((change) => [change.asset, change.to])).toEqual([
      ['BAT', 6200],
      ['COMP', 6200],
      ['SUSHI', 6700],
    ]);
    expect(proposals.get('compound-bravo-139')!.changes).toEqual([]);
    expect(proposals.get('compound-bravo-139')!.changeType).toBeUndefined();
  });

  it('answers proposals the wire schema accepts', async () => {
    // As the API renders them: a feed proposal that names no mechanism is a vote on the wire.
    for (const proposal of await read()) expect(() => Proposal.parse(renderProposal({ proposal }, 'full'))).not.toThrow();
  });

  it('makes three batched rounds: counters and settings, proposals, logs', async () => {
    const upstreams = replay.upstreams();
    await compoundSource().readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams });
    expect(upstreams.counter.snapshot().ethereum).toMatchObject({ requests: 3, calls: 14 });
  });
});

describe('compound source when its upstream fails', () => {
  // TEST_POLICY's short deadline: the hang waits it out on each attempt (the harness's default is 4 s).
  const read = () => compoundSource().readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams: replay.upstreams(TEST_POLICY) });
  /** What the feed would say of the failure (viem wraps our UpstreamError; describeFailure finds it). */
  const failure = async () => describeFailure(await read().then(() => undefined, (error: unknown) => error));

  it('rejects on a persistent 503', async () => {
    replay.server.faults.inject('ethereum', { kind: 'status', status: 503 });
    expect(await failure()).toBe('ethereum: answered HTTP 503');
  });

  it('rejects when the upstream hangs', async () => {
    replay.server.faults.inject('ethereum', { kind: 'hang' });
    expect(await failure()).toMatch(/^ethereum: no answer within \d+ ms$/);
  });

  it('rejects a malformed body', async () => {
    replay.server.faults.inject('ethereum', { kind: 'malformed' });
    expect(await failure()).toMatch(/^ethereum: answered a body that does not parse/);
  });

  it('rejects an endpoint of another chain', async () => {
    replay.server.faults.inject('ethereum', { kind: 'wrongChain' });
    await expect(read()).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });

  it('stops when the caller’s signal is already aborted', async () => {
    await expect(compoundSource().readProposals({ signal: AbortSignal.abort(), now: NOW, upstreams: replay.upstreams() })).rejects.toThrow();
  });
});
