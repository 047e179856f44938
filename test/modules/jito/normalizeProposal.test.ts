import { describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import { proposalV2Codec } from '../../../shared/modules/jito/accountLayouts.js';
import { normalizeProposal } from '../../../shared/modules/jito/normalizeProposal.js';
import { SAMPLE_DEPLOYMENT, SAMPLE_PROPOSALS, SAMPLE_VOTING } from './sampleRealm.js';

const { pubkey, account } = SAMPLE_PROPOSALS[0]!;
const decoded = proposalV2Codec.decode(proposalV2Codec.encode(account));
const now = new Date('2026-11-22T12:00:00Z');
const normalize = (overrides: Partial<typeof decoded> = {}, changes: ParameterChange[] = []) =>
  normalizeProposal({ deployment: SAMPLE_DEPLOYMENT, pubkey, proposal: { ...decoded, ...overrides }, changes, now });

describe('normalizeProposal', () => {
  it('lists a description link that is a URL after the governance site, as the proposal text and its discussion', () => {
    const link = 'https://forum.jito.network/t/jip-11-discussion-voting-and-cooldown-window-amendment/466';
    const proposal = normalize({ descriptionLink: link });
    expect(proposal.sourceLinks).toEqual([
      { url: SAMPLE_DEPLOYMENT.proposalUrl(pubkey), label: SAMPLE_DEPLOYMENT.proposalLinkLabel },
      { url: link, label: 'Proposal text' },
    ]);
    expect(proposal.discussionUrl).toBe(link);
    expect(proposal.description).toBe(link);
    expect(proposal.summary).toBe(account.name);
  });

  it('divides raw weights by 10^decimals', () => {
    const proposal = normalizeProposal({ deployment: { ...SAMPLE_DEPLOYMENT, decimals: 9 }, pubkey, proposal: decoded, changes: [], now });
    expect(proposal.votes).toEqual({ for: 2e-9, against: 0, total: 2e-9, quorumRequired: 2e-9, quorumReached: true });
  });

  it('marks a proposal whose transactions move a number as a parameter change', () => {
    const change: ParameterChange = { protocol: 'splgov-sample', asset: 'JitoSOL', parameter: 'rewardFee', to: 0.05, unit: 'fraction', evidence: 'test', verified: true };
    expect(normalize({}, [change]).changeType).toBe('parameter');
    expect(normalize({}, [{ ...change, parameter: 'listing', to: 'delisted', unit: 'state' }]).changeType).toBe('shape');
  });

  it('gives a multi-choice survey no for/total, only what it has', () => {
    const survey = proposalV2Codec.decode(proposalV2Codec.encode(SAMPLE_VOTING[1]!.account));
    const proposal = normalizeProposal({ deployment: SAMPLE_DEPLOYMENT, pubkey: SAMPLE_VOTING[1]!.pubkey, proposal: survey, changes: [], now });
    expect(proposal.votes).toEqual({});
    expect(proposal.status).toBe('active');
  });

  it('ends an undecided vote at voting_at + base time + cool-off from its governance', () => {
    const voting = proposalV2Codec.decode(proposalV2Codec.encode(SAMPLE_VOTING[0]!.account));
    const rules = { votingBaseTime: 432_000, votingCoolOffTime: 172_800, communityVoteThreshold: { __kind: 'YesVotePercentage' as const, percentage: 60 } };
    const proposal = normalizeProposal({ deployment: SAMPLE_DEPLOYMENT, pubkey: SAMPLE_VOTING[0]!.pubkey, proposal: voting, rules, maxVoteWeight: 2n, changes: [], now });
    expect(proposal.timeline.end).toBe(new Date((Number(voting.votingAt) + 604_800) * 1000).toISOString().replace('.000Z', 'Z'));
    expect(proposal.status).toBe('closed');
    expect(proposal.votes).toMatchObject({ quorumRequired: 2, quorumReached: false });
  });
});
