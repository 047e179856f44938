import { describe, expect, it } from 'vitest';
import { aragonVoteStatus, isValuePct } from '../../../shared/modules/lido/aragonVoteStatus.js';
import { type TimelockProposal, dualGovernanceStatus } from '../../../shared/modules/lido/dualGovernanceStatus.js';
import type { AragonVote } from '../../../shared/modules/lido/types.js';
import { voteText } from '../../../shared/modules/lido/voteText.js';

const LDO = 10n ** 18n;
const times = { voteTime: 259_200, objectionPhaseTime: 86_400 };
const START = 1_705_418_699; // 2024-01-16T16:24:59Z, vote #170's start
const at = (seconds: number) => new Date((START + seconds) * 1000);
const vote = (overrides: Partial<AragonVote> = {}): AragonVote => ({
  id: 170,
  executed: false,
  startDate: START,
  snapshotBlock: 19_020_628n,
  supportRequired: 5n * 10n ** 17n,
  minAcceptQuorum: 5n * 10n ** 16n,
  yea: 60_000_000n * LDO,
  nay: 0n,
  votingPower: 1_000_000_000n * LDO,
  script: '0x00000001',
  metadata: '',
  ...overrides,
});

describe('aragonVoteStatus', () => {
  it.each([
    ['main phase', vote(), false, at(1000), 'active'],
    ['objection phase (last 24 h)', vote(), false, at(259_200 - 10), 'active'],
    ['over, won, not executed yet', vote(), false, at(259_200), 'passed'],
    ['over, quorum short (3.2 % of supply)', vote({ yea: 32_191_115n * LDO }), false, at(300_000), 'closed'],
    ['over, yea exactly at the 5 % quorum (must be above)', vote({ yea: 50_000_000n * LDO }), false, at(300_000), 'closed'],
    ['over, support short (nay ≥ yea)', vote({ nay: 60_000_000n * LDO }), false, at(300_000), 'closed'],
    ['executed, no DG submission', vote({ executed: true }), false, at(300_000), 'executed'],
    ['executed inside voteTime is still final', vote({ executed: true }), false, at(1000), 'executed'],
    ['executed, DG proposal not found', vote({ executed: true }), true, at(300_000), 'passed'],
    ['executed, DG Submitted', vote({ executed: true, dualGovernance: { proposalId: 7, status: 'Submitted' } }), true, at(300_000), 'passed'],
    ['executed, DG Scheduled', vote({ executed: true, dualGovernance: { proposalId: 7, status: 'Scheduled' } }), true, at(300_000), 'passed'],
    ['executed, DG Executed', vote({ executed: true, dualGovernance: { proposalId: 7, status: 'Executed' } }), true, at(300_000), 'executed'],
    ['executed, DG Cancelled', vote({ executed: true, dualGovernance: { proposalId: 7, status: 'Cancelled' } }), true, at(300_000), 'canceled'],
  ] as const)('%s → %s', (_, input, submitsToDg, now, status) => {
    expect(aragonVoteStatus(input, times, submitsToDg, now)).toBe(status);
  });

  it('compares like Voting.sol _isValuePct: strictly above, integer division', () => {
    expect(isValuePct(5n, 100n, 5n * 10n ** 16n)).toBe(false);
    expect(isValuePct(6n, 100n, 5n * 10n ** 16n)).toBe(true);
    expect(isValuePct(1n, 0n, 0n)).toBe(false);
  });
});

describe('dualGovernanceStatus', () => {
  const call = { target: '0x3e40D73EB977Dc6a537aF587D48316feE66E9C8c' as const, value: 0n, payload: '0xabcdef' as const };
  const proposal = (id: number, status: TimelockProposal['status'], payload: `0x${string}` = call.payload): TimelockProposal => ({
    id,
    status,
    submittedAt: 1,
    scheduledAt: 0,
    calls: [{ ...call, target: '0x3e40d73eb977dc6a537af587d48316fee66e9c8c', payload }],
  });

  it('finds the timelock proposal holding exactly the submitted calls (addresses in any case)', () => {
    expect(dualGovernanceStatus([{ calls: [call], metadata: 'm' }], [proposal(8, 'Submitted', '0x01'), proposal(7, 'Executed')])?.id).toBe(7);
  });

  it('finds nothing when the calls differ in count or content', () => {
    expect(dualGovernanceStatus([{ calls: [call, call], metadata: 'm' }], [proposal(7, 'Executed')])).toBeUndefined();
    expect(dualGovernanceStatus([{ calls: [call], metadata: 'm' }], [proposal(7, 'Executed', '0x01')])).toBeUndefined();
  });

  it('lets the least advanced of several submissions decide', () => {
    const other = { ...call, payload: '0x02' as const };
    const proposals = [proposal(7, 'Executed'), proposal(8, 'Scheduled', '0x02')];
    expect(dualGovernanceStatus([{ calls: [call], metadata: 'a' }, { calls: [other], metadata: 'b' }], proposals)?.status).toBe('Scheduled');
  });
});

describe('voteText', () => {
  const metadata = "Omnibus vote: 1) Add node operator A41 with reward address `0x2A64944eBFaFF8b6A0d07B222D3d83ac29c241a7`;\n 2) Grant STAKING_MODULE_MANAGE_ROLE to Lido Agent.\nlidovoteipfs://bafkreiafqk57mx7mwieujnkvwukkelfdxijy2tvzr3weaooxgokqljdfv4";

  it('strips the lidovoteipfs:// pointer and keeps its CID', () => {
    const text = voteText(165, metadata);
    expect(text.ipfsCid).toBe('bafkreiafqk57mx7mwieujnkvwukkelfdxijy2tvzr3weaooxgokqljdfv4');
    expect(text.description).toBe(metadata.replace('\nlidovoteipfs://bafkreiafqk57mx7mwieujnkvwukkelfdxijy2tvzr3weaooxgokqljdfv4', ''));
    expect(text.title).not.toContain('lidovoteipfs');
  });

  it('cuts a long omnibus title at a word, on one line', () => {
    const long = metadata.replace('Lido Agent.', 'Lido Agent;\n 3) Set Jump Crypto targetValidatorsLimits to 0.');
    const { title } = voteText(165, long);
    expect(title.length).toBeLessThanOrEqual(160);
    expect(title.endsWith('…')).toBe(true);
    expect(title).not.toContain('\n');
  });

  it('titles a vote without metadata by its number', () => {
    expect(voteText(12, '')).toEqual({ title: 'Lido DAO vote #12', description: '' });
  });
});
