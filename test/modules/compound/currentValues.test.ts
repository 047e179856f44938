import { describe, expect, it } from 'vitest';
import type { FeedProposal } from '../../../shared/domain/proposal.js';
import { withChainReadings } from '../../../shared/feed/currentValues/withChainReadings.js';
import { compound } from '../../../shared/modules/compound/index.js';
import { moduleEntry } from '../../../shared/modules/loaders.js';
import { useReplay } from '../../upstream/replayHarness.js';

/*
 * Issue #21 item 4 over real HTTP: compound's current-value reader, as the feed build calls it,
 * against the replay server on the recording of Bravo proposal 141's changes at its head
 * (test/fixtures/upstream/ethereum/compound-current-values-141.json: the values the executed
 * proposals 72, 74, 133 and 135 set, encoded with the real ABIs). The proposals come from the
 * recorded governance through the compound source itself.
 */
const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');

const recordedProposals = async (): Promise<FeedProposal[]> =>
  compound.source.governors!.readProposals({ signal: new AbortController().signal, now: NOW, upstreams: replay.upstreams({ deadlineMs: 2_000 }) });

const read = (proposals: FeedProposal[], retries?: number) =>
  withChainReadings(proposals, { modules: [moduleEntry('compound')], upstreams: replay.upstreams({ deadlineMs: 2_000, ...(retries !== undefined && { retries }) }), now: NOW, deadlineMs: 5_000 });

describe('the old values of an open Compound proposal, read on chain at feed build time', () => {
  it('reads every change of pending proposal 141 in one aggregated call, as the chain held them at the recording’s head', async () => {
    const listed = await recordedProposals();
    const before = replay.server.received.ethereum;
    const proposals = await read(listed);
    expect(replay.server.received.ethereum - before, 'HTTP requests to Ethereum').toBe(1);
    const proposal = proposals.find((candidate) => candidate.id === 'compound-bravo-141')!;
    expect(proposal.changes.map((change, index) => [change.asset, change.parameter, change.to, proposal.chainReadings?.[index]])).toEqual([
      ['LINK', 'borrowCap', 125_000, { value: 45_000 }],
      ['UNI', 'borrowCap', 700_000, { value: 550_000 }],
      ['BAT', 'liquidationThreshold', 6200, { value: 6500 }],
      ['BAT', 'ltv', 6200, { value: 6500 }],
      ['COMP', 'liquidationThreshold', 6200, { value: 6500 }],
      ['COMP', 'ltv', 6200, { value: 6500 }],
      ['SUSHI', 'liquidationThreshold', 6700, { value: 7000 }],
      ['SUSHI', 'ltv', 6700, { value: 7000 }],
    ]);
    // Executed proposals are not read: the chain holds their outcome. No miss on a recorded upstream (useReplay checks after each test).
    expect(proposals.find((candidate) => candidate.id === 'compound-bravo-140')!.chainReadings).toBeUndefined();
  });

  it('says "could not be read" for every change when Ethereum fails, and keeps every proposal and change', async () => {
    const proposals = await recordedProposals();
    replay.server.faults.inject('ethereum', { kind: 'status', status: 503 }, 10);
    const degraded = await read(proposals, 0);
    expect(degraded.map((proposal) => [proposal.id, proposal.changes.length])).toEqual(proposals.map((proposal) => [proposal.id, proposal.changes.length]));
    const kept = degraded.find((candidate) => candidate.id === 'compound-bravo-141')!;
    expect(kept.chainReadings).toHaveLength(8);
    for (const reading of kept.chainReadings!) expect(reading).toEqual({ notRead: expect.stringMatching(/^could not be read \(ethereum: .*503/) });
  });
});
