import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { changesOf } from '../../../shared/modules/aave/changesOf.js';
import { normalizeProposal } from '../../../shared/modules/aave/normalizeProposal.js';
import { newestIds } from '../../../shared/governance/newestIds.js';
import type { AaveProposalData } from '../../../shared/modules/aave/types.js';

/** aave-dao/aave-governance-cache proposal_420.json: real decoded values (test/fixtures/raw/aave/SOURCES.md). */
const cache420 = JSON.parse(readFileSync(new URL('../../fixtures/raw/aave/aave_governance_cache_proposal_420.json', import.meta.url), 'utf8'));
const NOW = new Date('2026-11-22T12:00:00Z');

/** Proposal 420 as the source would read it, at a given core state and Plasma payload. */
const proposal420 = (overrides: Partial<AaveProposalData> = {}): AaveProposalData => ({
  id: 420,
  state: 'Executed',
  creationTime: cache420.proposal.creationTime,
  votingActivationTime: cache420.proposal.votingActivationTime,
  votingDuration: cache420.proposal.votingDuration,
  queuingTime: cache420.proposal.queuingTime,
  cancelTimestamp: 0,
  creator: cache420.proposal.creator,
  forVotes: BigInt(cache420.proposal.votingMachineData.forVotes),
  againstVotes: 0n,
  payloads: [{ chainId: 9745, payloadsController: cache420.payloads[0].payloadsController, payloadId: 11 }],
  text: { title: cache420.ipfs.title, author: cache420.ipfs.author, discussions: cache420.ipfs.discussions, description: cache420.ipfs.description },
  ...overrides,
});

describe('normalizeProposal', () => {
  it('gives the id, links, dates and settled votes of proposal 420', () => {
    const proposal = normalizeProposal(proposal420(), NOW);
    expect(proposal.id).toBe('aave-gov3-420');
    expect(proposal.sourceLinks?.[0]?.url).toBe('https://app.aave.com/governance/v3/proposal/?proposalId=420');
    expect(proposal.timeline).toEqual({ created: '2025-12-12T15:51:23Z', start: '2025-12-13T15:51:47Z', end: '2025-12-16T15:51:47Z' });
    expect(proposal.votes.for).toBeCloseTo(801_110.612833, 5);
    expect(proposal.votes.against).toBe(0);
    // Its only payload runs on Plasma, which this source cannot read.
    expect(proposal.status).toBe('passed');
  });

  it('leaves votes empty before the core records them (0 on the core while the vote runs)', () => {
    const active = normalizeProposal(proposal420({ state: 'Active', forVotes: 0n, againstVotes: 0n, queuingTime: 0 }), NOW);
    expect(active.votes).toEqual({});
    expect(active.status).toBe('active');
    const created = normalizeProposal(proposal420({ state: 'Created', votingActivationTime: 0, votingDuration: 0, forVotes: 0n }), NOW);
    expect(created.votes).toEqual({});
    expect(created.timeline).toEqual({ created: '2025-12-12T15:51:23Z' });
  });

  it('takes a running vote’s tally and window from its voting machine (synthetic values)', () => {
    const liveVote = { forVotes: 2_500_000_000_000_000_000n, againstVotes: 500_000_000_000_000_000n, startTime: 1_765_555_200, endTime: 1_765_814_400 };
    const active = normalizeProposal(proposal420({ state: 'Active', forVotes: 0n, againstVotes: 0n, queuingTime: 0, liveVote }), NOW);
    expect(active.votes).toEqual({ for: 2.5, against: 0.5, total: 3 });
    expect(active.timeline).toMatchObject({ start: '2025-12-12T16:00:00Z', end: '2025-12-15T16:00:00Z' });
  });

  it('reports the votes of a failed proposal, even when none were for it', () => {
    const failed = normalizeProposal(proposal420({ state: 'Failed', forVotes: 0n, againstVotes: 120_000n * 10n ** 18n }), NOW);
    expect(failed).toMatchObject({ status: 'closed', votes: { for: 0, against: 120_000, total: 120_000 } });
  });

  it('falls back to a title naming the proposal when the text has none', () => {
    expect(normalizeProposal(proposal420({ text: { description: '' } }), NOW)).toMatchObject({ title: 'Aave governance proposal 420', description: '' });
  });
});

describe('changesOf', () => {
  it("reads proposal 420's Current/Recommended table, under its weETH Stablecoin E-Mode heading, as unverified eMode LTV and LT changes", () => {
    const { changes, changeType } = changesOf(cache420.ipfs.title, cache420.ipfs.description);
    expect(changeType).toBe('parameter');
    expect(changes).toEqual([
      expect.objectContaining({ parameter: 'eModeLtv', from: 7500, to: 7750, unit: 'bps', verified: false }),
      expect.objectContaining({ parameter: 'eModeLiquidationThreshold', from: 7800, to: 8000, unit: 'bps', verified: false }),
    ]);
  });

  it.each([
    ['[ARFC] Aave V2 Ethereum Deprecation Update', 'deprecated'],
    ['Offboarding of MAI on Aave V3', 'offboarded'],
    ['Freeze FRAX reserves', 'frozen'],
    ['Asset Listing - Pendle PT-USDG X Layer', 'listed'],
  ])('reads "%s" as a change of shape (%s)', (title, to) => {
    expect(changesOf(title, '')).toEqual({ changeType: 'shape', changes: [expect.objectContaining({ parameter: 'listing', to, unit: 'state' })] });
  });

  it('reads a deprecation from the payload a body links to', () => {
    const body = '- Implementation: [AaveV2Ethereum](https://github.com/bgd-labs/aave-proposals-v3/blob/main/src/20250925_AaveV2Ethereum_AaveV2DeprecationUpdate/AaveV2Ethereum_AaveV2DeprecationUpdate_20250925.sol)';
    expect(changesOf('Aave V2 update', body)).toMatchObject({
      changeType: 'shape',
      changes: [{ parameter: 'listing', market: 'aave-v2-ethereum', to: 'deprecated', evidence: 'payload: AaveV2Ethereum_AaveV2DeprecationUpdate_20250925 (market aave-v2-ethereum: not served)' }],
    });
  });

  it('does not read onboarding to an oracle as a listing', () => {
    expect(changesOf('Onboard PT-srUSDe-22OCT2026 to the LlamaRisk PT Risk Oracle', '')).toEqual({ changes: [] });
  });

  it('names the market a table row gives', () => {
    const body = '| Asset | Market | Current RF | Proposed RF |\n| --- | --- | --- | --- |\n| DAI | Ethereum v2 | 80.00% | 85.00% |';
    expect(changesOf('Reserve Factor Updates', body).changes).toEqual([
      expect.objectContaining({ market: 'aave-v2-ethereum', asset: 'DAI', parameter: 'reserveFactor', from: 8000, to: 8500 }),
    ]);
  });
});

describe('newestIds', () => {
  it('takes the newest ids down to the first, newest first', () => {
    expect(newestIds({ last: 516n, newest: 5 })).toEqual([516n, 515n, 514n, 513n, 512n]);
    expect(newestIds({ last: 1n, newest: 5 })).toEqual([1n, 0n]);
    expect(newestIds({ last: 3n, first: 1n, newest: 5 })).toEqual([3n, 2n, 1n]);
  });
});
