import { describe, expect, it } from 'vitest';
import { PROPOSAL_STATES, type ProposalV2, type ProposalV2Input, proposalV2Codec } from '../../../shared/modules/jito/accountLayouts.js';
import { minYesWeight, statusOf, type VoteRules, votingEndsAt } from '../../../shared/modules/jito/statusOf.js';
import { SAMPLE_PROPOSALS, SAMPLE_VOTING } from './sampleRealm.js';

const decoded = (account: ProposalV2Input): ProposalV2 => proposalV2Codec.decode(proposalV2Codec.encode(account));
const yesNoVoting = decoded(SAMPLE_VOTING[0]!.account);
const surveyVoting = decoded(SAMPLE_VOTING[1]!.account);
// Voting 5 days then a 2-day cool-off, the Jito DAO's timing after JIP-11 (forum.jito.network/t/…/466);
// the sample realm's own governance config was not published.
const rules: VoteRules = { votingBaseTime: 432_000, votingCoolOffTime: 172_800, communityVoteThreshold: { __kind: 'YesVotePercentage', percentage: 60 } };
const at = (unixSeconds: bigint) => new Date(Number(unixSeconds) * 1000);
const votingAt = yesNoVoting.votingAt!;
const withState = (state: number): ProposalV2 => ({ ...decoded(SAMPLE_PROPOSALS[0]!.account), state });

describe('statusOf: the on-chain states', () => {
  it.each([
    ['Draft', 'pending'],
    ['SigningOff', 'pending'],
    ['Succeeded', 'passed'],
    ['Executing', 'passed'],
    ['Completed', 'executed'],
    ['Cancelled', 'canceled'],
    ['Defeated', 'closed'],
    ['ExecutingWithErrors', 'closed'],
    ['Vetoed', 'canceled'],
  ] as const)('%s is %s', (state, status) => {
    expect(statusOf({ proposal: withState(PROPOSAL_STATES.indexOf(state)), now: new Date() })).toBe(status);
  });

  it('refuses a state ordinal the layout does not know', () => {
    expect(() => statusOf({ proposal: withState(10), now: new Date() })).toThrow(/ordinal 10/);
  });

  it('reads the sample realm: Succeeded is passed, Defeated closed, Draft pending', () => {
    const statuses = SAMPLE_PROPOSALS.map(({ account }) => statusOf({ proposal: decoded(account), now: new Date() }));
    expect(statuses).toEqual(['passed', 'passed', 'pending', 'closed', 'closed']);
  });
});

describe('statusOf: a vote in Voting state', () => {
  it('is active until voting_at + base time + cool-off, inclusive', () => {
    const end = votingAt + 432_000n + 172_800n;
    expect(votingEndsAt(yesNoVoting, rules)).toBe(end);
    expect(statusOf({ proposal: yesNoVoting, rules, maxVoteWeight: 2n, now: at(end) })).toBe('active');
  });

  it('is active while the governance rules are unknown (the program still takes votes)', () => {
    expect(statusOf({ proposal: yesNoVoting, now: at(votingAt + 10_000_000n) })).toBe('active');
  });

  it('past its end with no Yes weight is closed, though nobody finalized it', () => {
    expect(statusOf({ proposal: yesNoVoting, rules, maxVoteWeight: 2n, now: at(votingAt + 604_801n) })).toBe('closed');
  });

  it('past its end is passed when Yes reaches the threshold of the max weight and beats No', () => {
    const won = { ...yesNoVoting, options: [{ ...yesNoVoting.options[0]!, voteWeight: 2n }], denyVoteWeight: 1n };
    expect(statusOf({ proposal: won, rules, maxVoteWeight: 3n, now: at(votingAt + 604_801n) })).toBe('passed');
    // 60 % of 4 is 2.4, so 2 is short even though it beats No.
    expect(statusOf({ proposal: won, rules, maxVoteWeight: 4n, now: at(votingAt + 604_801n) })).toBe('closed');
  });

  it('past its end is closed on a Yes/No tie, as finalize_vote resolves it', () => {
    const tie = { ...yesNoVoting, options: [{ ...yesNoVoting.options[0]!, voteWeight: 2n }], denyVoteWeight: 2n };
    expect(statusOf({ proposal: tie, rules, maxVoteWeight: 2n, now: at(votingAt + 604_801n) })).toBe('closed');
  });

  it('a survey without a deny option ends Completed whatever the weights: executed', () => {
    expect(surveyVoting.denyVoteWeight).toBeNull();
    expect(statusOf({ proposal: surveyVoting, rules, maxVoteWeight: 2n, now: at(surveyVoting.votingAt! + 604_801n) })).toBe('executed');
  });
});

describe('minYesWeight', () => {
  it('rounds the threshold share of the max weight up, as get_min_vote_threshold_weight does', () => {
    expect(minYesWeight({ __kind: 'YesVotePercentage', percentage: 60 }, 2n)).toBe(2n);
    expect(minYesWeight({ __kind: 'YesVotePercentage', percentage: 1 }, 1_000_000_000n * 10n ** 9n)).toBe(10_000_000n * 10n ** 9n);
  });

  it('has no answer for thresholds the program does not resolve', () => {
    expect(minYesWeight({ __kind: 'QuorumPercentage', percentage: 10 }, 100n)).toBeUndefined();
    expect(minYesWeight({ __kind: 'Disabled' }, 100n)).toBeUndefined();
  });
});
