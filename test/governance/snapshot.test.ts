import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Proposal } from '../../shared/contract/proposal.js';
import { normalizeSnapshotProposal } from '../../shared/governance/snapshot/normalizeSnapshotProposal.js';
import type { SnapshotProposal } from '../../shared/governance/snapshot/snapshotProposal.js';
import { snapshotStatus } from '../../shared/governance/snapshot/snapshotStatus.js';
import { renderProposal } from '../../shared/proposals/render.js';

/** The real hub answer recorded in test/fixtures/upstream/snapshot/ens-newest-proposal.json. */
const recording = JSON.parse(readFileSync(new URL('../fixtures/upstream/snapshot/ens-newest-proposal.json', import.meta.url), 'utf8')) as {
  exchanges: { response: { data: { proposals: SnapshotProposal[] } } }[];
};
const ens = recording.exchanges[0]!.response.data.proposals[0]!;
const NOW = new Date('2026-11-22T12:00:00Z');
const normalize = (proposal: SnapshotProposal) => normalizeSnapshotProposal(proposal, { protocol: 'ens', now: NOW })!;

describe('normalizeSnapshotProposal on a real hub answer (ens.eth EP11)', () => {
  it('builds the id from the protocol and the hub id', () => {
    expect(normalize(ens).id).toBe(`ens-snapshot-${ens.id}`);
  });

  it('keeps the title, the full body, the author and a prose summary', () => {
    const proposal = normalize(ens);
    expect(proposal.title).toBe('[EP11] [Executable] End the $ENS and EP2 airdrops');
    expect(proposal.description).toBe(ens.body);
    expect(proposal.proposer).toBe('0xb8c2C29ee19D8307cb7255e1Cd9CbDE883A267d5');
    expect(proposal.summary.startsWith('This vote proposes EP11, reproduced below, be submitted for an onchain vote.')).toBe(true);
  });

  it('turns unix seconds into ISO dates, and firstSeen into the creation time', () => {
    const proposal = normalize(ens);
    expect(proposal.timeline).toEqual({ created: '2022-04-20T21:23:47Z', start: '2022-04-20T21:23:41Z', end: '2022-04-25T21:23:41Z' });
    expect(proposal.firstSeen).toBe('2022-04-20T21:23:47Z');
  });

  it('links the proposal on snapshot.box first, built like the hub builds `link` when the answer has none', () => {
    const proposal = normalize(ens);
    const url = `https://snapshot.box/#/s:ens.eth/proposal/${ens.id}`;
    expect(proposal.sourceLinks?.[0]).toEqual({ url, label: 'Vote on Snapshot' });
    expect(proposal.snapshotUrl).toBe(url);
  });

  it('reports only the total when the voting type is not known to be basic (the answer has no `type`)', () => {
    const proposal = normalize(ens);
    expect(ens.type).toBeUndefined();
    expect(proposal.status).toBe('closed');
    expect(proposal.votes).toEqual({ total: 1683490.2949245246 });
  });

  it('as basic voting, the same final tallies pass with For, Against and Abstain', () => {
    const proposal = normalize({ ...ens, type: 'basic' });
    expect(proposal.status).toBe('passed');
    expect(proposal.votes).toEqual({ for: 1671001.3808671176, against: 12288.70648686089, abstain: 200.20757054624133, total: 1683490.2949245246 });
  });

  it('finds no parameter table in an HTML transactions table', () => {
    expect(normalize(ens).changes).toEqual([]);
    expect(normalize(ens).changeType).toBeUndefined();
  });

  it('answers a proposal the wire schema accepts', () => {
    expect(() => Proposal.parse(renderProposal({ proposal: normalize(ens) }, 'full'))).not.toThrow();
  });

  it('keeps a flagged proposal, held back as spam by the hub’s own flag', () => {
    expect(normalizeSnapshotProposal({ ...ens, flagged: true }, { protocol: 'ens', now: NOW })?.spam).toEqual({ rule: 'snapshot/flagged', reason: 'flagged by the Snapshot hub' });
    expect(normalize(ens).spam).toBeUndefined();
  });

  it('adds the discussion as discussionUrl and a second link, and uses the hub `link` when present', () => {
    const link = `https://snapshot.box/#/s:ens.eth/proposal/${ens.id}`;
    const proposal = normalize({ ...ens, link, discussion: 'https://discuss.ens.domains/t/ep11' });
    expect(proposal.discussionUrl).toBe('https://discuss.ens.domains/t/ep11');
    expect(proposal.sourceLinks).toEqual([
      { url: link, label: 'Vote on Snapshot' },
      { url: 'https://discuss.ens.domains/t/ep11', label: 'Discussion' },
    ]);
  });

  it('reads Current/Proposed tables of the body as unverified changes', () => {
    const body = '| Parameter | Current | Proposed |\n|---|---|---|\n| Protocol fee | 10 % | 12 % |';
    const proposal = normalize({ ...ens, body });
    expect(proposal.changeType).toBe('parameter');
    expect(proposal.changes).toEqual([
      expect.objectContaining({ protocol: 'ens', parameter: 'rewardFee', from: 0.1, to: 0.12, unit: 'fraction', verified: false }),
    ]);
  });

  it('falls back to now for firstSeen without a creation time', () => {
    expect(normalize({ ...ens, created: null }).firstSeen).toBe(NOW.toISOString());
  });
});

describe('snapshotStatus', () => {
  const basic = (overrides: Partial<SnapshotProposal>): SnapshotProposal => ({
    id: '0x1',
    title: 't',
    state: 'closed',
    type: 'basic',
    scores: [60, 40, 0],
    scores_total: 100,
    scores_state: 'final',
    quorum: 0,
    ...overrides,
  });

  it.each([
    ['pending', basic({ state: 'pending' }), 'pending'],
    ['active', basic({ state: 'active' }), 'active'],
    ['closed, For above Against, no quorum', basic({}), 'passed'],
    ['closed, Against above For', basic({ scores: [40, 60, 0] }), 'closed'],
    ['closed, a tie', basic({ scores: [50, 50, 0] }), 'closed'],
    ['closed, turnout below quorum', basic({ quorum: 101 }), 'closed'],
    ['closed, turnout exactly at quorum', basic({ quorum: 100 }), 'passed'],
    ['closed, rejection quorum exceeded by Against', basic({ quorumType: 'rejection', quorum: 30 }), 'closed'],
    ['closed, rejection quorum not reached by Against', basic({ quorumType: 'rejection', quorum: 50 }), 'passed'],
    ['closed, scores not final yet', basic({ scores_state: 'pending' }), 'closed'],
    ['closed, single-choice (free-text choices)', basic({ type: 'single-choice' }), 'closed'],
    ['closed, weighted', basic({ type: 'weighted' }), 'closed'],
  ] as const)('%s → %s', (_, proposal, status) => {
    expect(snapshotStatus(proposal)).toBe(status);
  });
});
