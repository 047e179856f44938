import { decodeFunctionResult, encodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../shared/contract/proposal.js';
import { renderProposal } from '../../../shared/proposals/render.js';
import type { FeedProposal } from '../../../shared/domain/proposal.js';
import { governanceCoreAbi, payloadsControllerAbi } from '../../../shared/modules/aave/abi.js';
import { cidFromIpfsHash } from '../../../shared/modules/aave/ipfsCid.js';
import { parseProposalText } from '../../../shared/modules/aave/parseProposalText.js';
import { aaveSource } from '../../../shared/modules/aave/source.js';
import { recorded, useReplay } from '../../upstream/replayHarness.js';

const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');
/** A roomy deadline: these tests are about values, and the machine is shared. */
const ROOMY = { deadlineMs: 5000 };
const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** The recorded answer to an eth_call whose calldata is `data`. */
const recordedCall = (data: string) =>
  recorded<{ result: `0x${string}` }>(replay.fixtures, 'ethereum', (request) => {
    const params = request.params as [{ data?: string }] | undefined;
    return request.method === 'eth_call' && params?.[0]?.data === data;
  }).result;

const recordedProposal = (id: number) =>
  decodeFunctionResult({
    abi: governanceCoreAbi,
    functionName: 'getProposal',
    data: recordedCall(encodeFunctionData({ abi: governanceCoreAbi, functionName: 'getProposal', args: [BigInt(id)] })),
  });
const recordedPayload = (id: number) =>
  decodeFunctionResult({
    abi: payloadsControllerAbi,
    functionName: 'getPayloadById',
    data: recordedCall(encodeFunctionData({ abi: payloadsControllerAbi, functionName: 'getPayloadById', args: [id] })),
  });
const recordedText = (id: number) => {
  const answer = recorded<{ text: string }>(replay.fixtures, 'ipfs', (request) => request.path === `/ipfs/${cidFromIpfsHash(recordedProposal(id).ipfsHash)}`);
  return parseProposalText(answer.text)!;
};

async function readRecorded(): Promise<Map<string, FeedProposal>> {
  const proposals = await aaveSource().readProposals({ signal: new AbortController().signal, now: NOW, upstreams: replay.upstreams(ROOMY) });
  return new Map(proposals.map((proposal) => [proposal.id, proposal]));
}

describe('the aave source on its recordings', () => {
  it('reads the newest five proposals in five Ethereum requests and one IPFS request each', async () => {
    const upstreams = replay.upstreams(ROOMY);
    const proposals = await aaveSource().readProposals({ signal: new AbortController().signal, now: NOW, upstreams });
    expect(proposals.map((proposal) => proposal.id)).toEqual(['aave-gov3-516', 'aave-gov3-515', 'aave-gov3-514', 'aave-gov3-513', 'aave-gov3-512']);
    // eth_chainId + getProposalsCount; getProposal × 5; getPayloadById × 3 (the Ethereum payloads);
    // then the three payload contracts' probes and views, 13 calls each (readPayloadTargets), and
    // the Aave v4 payload's (466) four v4 views in one request more (v4/payloadViews.ts: the three
    // spoke views and hubAssetConfigUpdates).
    expect(upstreams.counter.snapshot().ethereum).toMatchObject({ requests: 5, calls: 10 + 3 * 13 + 4 });
    expect(upstreams.counter.snapshot().ipfs).toMatchObject({ requests: 5 });
  });

  it('reads a text once per process: the next build asks IPFS nothing, and keeps the texts while the gateway is down', async () => {
    const upstreams = replay.upstreams(ROOMY);
    const read = () => aaveSource().readProposals({ signal: new AbortController().signal, now: NOW, upstreams });
    const first = await read();
    replay.server.faults.inject('ipfs', { kind: 'status', status: 503 });
    const second = await read();
    expect(upstreams.counter.snapshot().ipfs).toMatchObject({ requests: 5 });
    expect(second.map((proposal) => [proposal.id, proposal.title, proposal.summary])).toEqual(first.map((proposal) => [proposal.id, proposal.title, proposal.summary]));
    expect(second.find((proposal) => proposal.id === 'aave-gov3-516')?.title).toBe(recordedText(516).title);
  });

  it('does not keep a text the gateway could not serve: the next build asks for it again', async () => {
    const upstreams = replay.upstreams({ ...ROOMY, retries: 0 });
    const read = () => aaveSource().readProposals({ signal: new AbortController().signal, now: NOW, upstreams });
    replay.server.faults.inject('ipfs', { kind: 'status', status: 503 });
    const blank = await read();
    expect(blank.every((proposal) => proposal.title.startsWith('Aave governance proposal'))).toBe(true);
    replay.server.faults.clear();
    const second = await read();
    expect(upstreams.counter.snapshot().ipfs).toMatchObject({ requests: 10 });
    expect(second.find((proposal) => proposal.id === 'aave-gov3-516')?.title).toBe(recordedText(516).title);
  });

  it('gives every proposal the wire shape, its Aave link first and its creation as firstSeen', async () => {
    for (const proposal of (await readRecorded()).values()) {
      // The wire form the API renders (a vote names no mechanism in the feed).
      expect(() => Proposal.parse(renderProposal({ proposal }, 'full'))).not.toThrow();
      const id = Number(proposal.id.replace('aave-gov3-', ''));
      const core = recordedProposal(id);
      expect(proposal.sourceLinks?.[0]?.url).toBe(`https://app.aave.com/governance/v3/proposal/?proposalId=${id}`);
      expect(proposal.proposer).toBe(core.creator);
      expect(proposal.firstSeen).toBe(iso(core.creationTime));
      expect(proposal.timeline).toEqual({
        created: iso(core.creationTime),
        start: iso(core.votingActivationTime),
        end: iso(core.votingActivationTime + core.votingDuration),
      });
    }
  });

  it('takes title and full body from the IPFS text', async () => {
    const proposal = (await readRecorded()).get('aave-gov3-516')!;
    const text = recordedText(516);
    expect(proposal.title).toBe(text.title);
    expect(proposal.title).toBe('[AIP] Onboard PAXG to Aave V4 Global Dollar Hub');
    expect(proposal.description).toBe(text.description);
    expect(proposal.summary).toMatch(/^This proposal onboards Pax Gold \(PAXG\)/);
    expect(proposal.snapshotUrl).toBe(text.snapshot);
    expect(proposal.discussionUrl).toBe(text.discussions);
  });

  it('reports the settled votes in whole AAVE', async () => {
    const proposal = (await readRecorded()).get('aave-gov3-515')!;
    const core = recordedProposal(515);
    expect(proposal.votes.for).toBeCloseTo(Number(core.forVotes) / 1e18, 6);
    expect(proposal.votes.against).toBeCloseTo(Number(core.againstVotes) / 1e18, 9);
    expect(proposal.votes.total).toBeCloseTo(Number(core.forVotes + core.againstVotes) / 1e18, 6);
    expect(proposal.votes.for).toBeCloseTo(340_136.028, 3);
  });

  it('is executed when its only payload, on Ethereum, has run, effective at its execution', async () => {
    const proposal = (await readRecorded()).get('aave-gov3-515')!;
    const payload = recordedPayload(465);
    expect(payload.state).toBe(3);
    expect(proposal.status).toBe('executed');
    expect(proposal.effectiveDate).toBe(iso(payload.executedAt));
  });

  it('stays passed while its Ethereum payload is queued, effective when the payload delay ends', async () => {
    const proposal = (await readRecorded()).get('aave-gov3-516')!;
    const payload = recordedPayload(466);
    expect(recordedProposal(516).state).toBe(4);
    expect(payload.state).toBe(2);
    expect(proposal.status).toBe('passed');
    expect(proposal.effectiveDate).toBe(iso(payload.queuedAt + payload.delay));
  });

  it('stays passed when a payload runs on a chain it cannot read', async () => {
    const proposals = await readRecorded();
    expect(recordedProposal(514).payloads.map((payload) => payload.chain)).toEqual([196n]);
    expect(proposals.get('aave-gov3-514')).toMatchObject({ status: 'passed' });
    expect(proposals.get('aave-gov3-514')?.effectiveDate).toBeUndefined();
    // 512 ran on Ethereum (payload 464 executed) but also on five other chains.
    expect(recordedPayload(464).state).toBe(3);
    expect(proposals.get('aave-gov3-512')).toMatchObject({ status: 'passed' });
  });

  it('marks asset listings as changes of shape', async () => {
    const proposals = await readRecorded();
    // The listing, then the new asset's parameters its table sets ("| Parameter | PT-USDG-29OCT2026 |"), on X Layer, which no scan reads.
    expect(proposals.get('aave-gov3-514')?.changeType).toBe('shape');
    expect(proposals.get('aave-gov3-514')?.changes[0]).toMatchObject({ parameter: 'listing', to: 'listed', market: 'aave-v3-xlayer', verified: false });
    expect(proposals.get('aave-gov3-514')?.changes.slice(1)).toContainEqual(expect.objectContaining({ asset: 'PT-USDG-29OCT2026', parameter: 'supplyCap', to: 35_000_000, market: 'aave-v3-xlayer' }));
    expect(proposals.get('aave-gov3-515')?.changeType).toBeUndefined();
    expect(proposals.get('aave-gov3-512')?.changes).toEqual([]);
  });
});
