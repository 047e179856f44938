import { MsgUpdateParams } from 'cosmjs-types/cosmos/distribution/v1beta1/tx';
import { ProposalStatus } from 'cosmjs-types/cosmos/gov/v1/gov';
import { MsgUpdateParams as MintMsgUpdateParams } from 'cosmjs-types/cosmos/mint/v1beta1/tx';
import { MsgUpdateParams as StakingMsgUpdateParams } from 'cosmjs-types/cosmos/staking/v1beta1/tx';
import { ParameterChangeProposal } from 'cosmjs-types/cosmos/params/v1beta1/params';
import { MsgExecLegacyContent } from 'cosmjs-types/cosmos/gov/v1/tx';
import { describe, expect, it } from 'vitest';
import { decFromProto } from '../../../shared/modules/cosmoshub/decFromProto.js';
import { decodeParameterChanges, paramsNeeded } from '../../../shared/modules/cosmoshub/decodeParameterChanges.js';
import { normalizeProposal } from '../../../shared/modules/cosmoshub/normalizeProposal.js';
import { readMessages, TYPE_URLS } from '../../../shared/modules/cosmoshub/readMessages.js';
import { statusOf } from '../../../shared/modules/cosmoshub/statusOf.js';
import { votesOf } from '../../../shared/modules/cosmoshub/votesOf.js';
import { raw } from './buildRecordings.js';
import { proposalFromJson } from './lcdToProto.js';

const NOW = new Date('2024-07-02T12:00:00Z');
const normalize = (json: Record<string, any>) => {
  const proposal = proposalFromJson(json);
  return normalizeProposal(proposal, { actions: readMessages(proposal.messages), current: {}, now: NOW });
};

describe('statusOf (decisions.md table, sources.md §6)', () => {
  it.each([
    [ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD, true, 'pending'],
    [ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD, true, 'active'],
    [ProposalStatus.PROPOSAL_STATUS_PASSED, true, 'executed'],
    [ProposalStatus.PROPOSAL_STATUS_PASSED, false, 'passed'],
    [ProposalStatus.PROPOSAL_STATUS_REJECTED, false, 'closed'],
    [ProposalStatus.PROPOSAL_STATUS_FAILED, true, 'closed'],
  ] as const)('maps %s (executable: %s) to %s', (native, executable, status) => {
    expect(statusOf(native, executable)).toBe(status);
  });

  it('gives no status to UNSPECIFIED or a state it does not know', () => {
    expect(statusOf(ProposalStatus.PROPOSAL_STATUS_UNSPECIFIED, true)).toBeUndefined();
    expect(statusOf(ProposalStatus.UNRECOGNIZED, true)).toBeUndefined();
  });
});

describe('real proposals outside the recorded page', () => {
  it('#797 (legacy ParameterChangeProposal staking MaxValidators 175 → 180) is executed on its voting end, its change skipped', () => {
    const source = raw('gov_v1_proposal_797.json').proposal;
    const proposal = normalize(source)!;
    const actions = readMessages(proposalFromJson(source).messages);
    expect(actions).toEqual([
      expect.objectContaining({
        kind: 'legacyParamChange',
        via: `${TYPE_URLS.execLegacyContent} → ${TYPE_URLS.parameterChangeProposal}`,
        changes: [{ subspace: 'staking', key: 'MaxValidators', value: '180' }],
      }),
    ]);
    // MaxValidators has no ParameterName: skipped, so no change and no changeType.
    expect(proposal.changes).toEqual([]);
    expect(proposal.changeType).toBeUndefined();
    expect(proposal).toMatchObject({ id: 'cosmoshub-gov-797', status: 'executed', effectiveDate: '2023-06-13T04:31:47Z', title: source.title });
    // Pre-0.47 proposal: no proposer recorded on chain.
    expect(proposal.proposer).toBeUndefined();
    expect(paramsNeeded(actions).size).toBe(0);
  });

  it('#937 (MsgSoftwareUpgrade v18 at a height) in its voting period is active, a shape change with no parameter change and no date', () => {
    const source = raw('gov_v1_proposal_937_voting.json').proposal;
    const proposal = normalize(source)!;
    expect(readMessages(proposalFromJson(source).messages)).toEqual([
      { kind: 'upgrade', via: TYPE_URLS.msgSoftwareUpgrade, name: 'v18', height: 21330500n },
    ]);
    expect(proposal).toMatchObject({ id: 'cosmoshub-gov-937', status: 'active', title: 'Gaia v18 Software Upgrade', changes: [] });
    expect(proposal.effectiveDate).toBeUndefined();
    expect(proposal.changeType).toBe('shape');
    // Without a live tally the all-zero final_tally_result of a running vote is not shown as votes.
    expect(proposal.votes).toEqual({});
  });

  it('#923 (spam, no messages, rejected) is closed, its votes mostly NoWithVeto', () => {
    const source = raw('gov_v1_proposals_page3_trimmed.json').proposals.find((item: { id: string }) => item.id === '923');
    const proposal = normalize(source)!;
    expect(proposal.status).toBe('closed');
    expect(proposal.votes.against).toBeCloseTo((1453308392635 + 128432457877110) / 1e6, 6);
  });
});

describe('dates and failures', () => {
  it('dates an upgrade whose plan gives a time, and leaves one with only a height undated', () => {
    const json = raw('gov_v1_proposal_924.json').proposal;
    const timed = structuredClone(json);
    timed.messages[0].content.plan.time = '2024-06-01T00:00:00Z';
    expect(normalize(timed)!.effectiveDate).toBe('2024-06-01T00:00:00Z');
    expect(normalize(json)!.effectiveDate).toBeUndefined();
  });

  it('closes a FAILED proposal and says why its messages failed', () => {
    const proposal = proposalFromJson(raw('gov_v1_proposal_924.json').proposal);
    const failed = { ...proposal, status: ProposalStatus.PROPOSAL_STATUS_FAILED, failedReason: 'upgrade plan is invalid' };
    const normalized = normalizeProposal(failed, { actions: readMessages(failed.messages), current: {}, now: NOW })!;
    expect(normalized.status).toBe('closed');
    expect(normalized.description.endsWith('Execution failed: upgrade plan is invalid')).toBe(true);
  });

  it('uses now as first seen only when the chain gives no submit time', () => {
    const proposal = proposalFromJson(raw('gov_v1_proposal_924.json').proposal);
    const { submitTime: _, ...undated } = proposal;
    expect(normalizeProposal(undated, { actions: [], current: {}, now: NOW })!.firstSeen).toBe(NOW.toISOString());
  });
});

describe('parameter changes', () => {
  const distributionUpdate = (communityTax: string) => ({
    typeUrl: TYPE_URLS.distributionUpdateParams,
    value: MsgUpdateParams.encode(
      MsgUpdateParams.fromPartial({
        authority: 'cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn',
        // LegacyDec on the wire: the integer scaled by 10^18.
        params: { communityTax, baseProposerReward: '0', bonusProposerReward: '0', withdrawAddrEnabled: true },
      }),
    ).finish(),
  });

  it('diffs a distribution MsgUpdateParams against the current params: community_tax 0.1 → 0.25', () => {
    const actions = readMessages([distributionUpdate('250000000000000000')]);
    expect([...paramsNeeded(actions)]).toEqual(['distribution']);
    expect(decodeParameterChanges(actions, { communityTax: 0.1 })).toEqual([
      {
        protocol: 'cosmoshub',
        asset: 'ATOM',
        parameter: 'communityTax',
        from: 0.1,
        to: 0.25,
        unit: 'fraction',
        evidence: '/cosmos.distribution.v1beta1.MsgUpdateParams params.community_tax',
        verified: true,
      },
    ]);
  });

  it('finds no change when the full set it carries equals the current one', () => {
    expect(decodeParameterChanges(readMessages([distributionUpdate('100000000000000000')]), { communityTax: 0.1 })).toEqual([]);
  });

  it('skips MsgUpdateParams of modules with no parameter the simulator weighs (gov, slashing)', () => {
    const actions = readMessages([
      { typeUrl: '/cosmos.gov.v1.MsgUpdateParams', value: new Uint8Array() },
      { typeUrl: '/cosmos.slashing.v1beta1.MsgUpdateParams', value: new Uint8Array() },
    ]);
    expect(actions.map((action) => action.kind === 'updateParams' && action.module)).toEqual(['cosmos.gov.v1', 'cosmos.slashing.v1beta1']);
    expect(paramsNeeded(actions).size).toBe(0);
    expect(decodeParameterChanges(actions, { communityTax: 0.1 })).toEqual([]);
  });

  it('diffs x/mint’s inflation bounds and x/staking’s minimum commission against the current params', () => {
    // Protocol-exact messages (cosmjs-types), synthetic values: LegacyDec atomics on the wire.
    const mint = {
      typeUrl: TYPE_URLS.mintUpdateParams,
      value: MintMsgUpdateParams.encode(
        MintMsgUpdateParams.fromPartial({ authority: 'cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn', params: { mintDenom: 'uatom', inflationMin: '70000000000000000', inflationMax: '100000000000000000', inflationRateChange: '1000000000000000000', goalBonded: '670000000000000000', blocksPerYear: 4_360_000n } }),
      ).finish(),
    };
    const staking = {
      typeUrl: TYPE_URLS.stakingUpdateParams,
      value: StakingMsgUpdateParams.encode(StakingMsgUpdateParams.fromPartial({ authority: 'cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn', params: { bondDenom: 'uatom', maxValidators: 180, minCommissionRate: '70000000000000000' } })).finish(),
    };
    const actions = readMessages([mint, staking]);
    expect([...paramsNeeded(actions)].sort()).toEqual(['mint', 'staking']);
    // Current: inflation 7 %..20 %, minimum commission 5 %: inflation_max 20 % → 10 % and the 5 % → 7 % floor are changes; inflation_min is not.
    expect(decodeParameterChanges(actions, { inflationMin: 0.07, inflationMax: 0.2, minCommission: 0.05 })).toEqual([
      expect.objectContaining({ parameter: 'inflationMax', from: 0.2, to: 0.1, unit: 'fraction', evidence: '/cosmos.mint.v1beta1.MsgUpdateParams params.inflation_max', verified: true }),
      expect.objectContaining({ parameter: 'minCommission', from: 0.05, to: 0.07, evidence: '/cosmos.staking.v1beta1.MsgUpdateParams params.min_commission_rate' }),
    ]);
  });

  it('reads legacy mint and staking keys as their parameters', () => {
    const content = ParameterChangeProposal.encode(
      ParameterChangeProposal.fromPartial({ title: 't', description: 'd', changes: [{ subspace: 'staking', key: 'MinCommissionRate', value: '"0.050000000000000000"' }, { subspace: 'staking', key: 'MaxValidators', value: '180' }] }),
    ).finish();
    const message = { typeUrl: TYPE_URLS.execLegacyContent, value: MsgExecLegacyContent.encode({ content: { typeUrl: TYPE_URLS.parameterChangeProposal, value: content }, authority: '' }).finish() };
    expect(decodeParameterChanges(readMessages([message]), { minCommission: 0 })).toMatchObject([{ parameter: 'minCommission', from: 0, to: 0.05 }]);
  });

  it('reads a legacy distribution communitytax change as a verified change with its previous value', () => {
    const content = ParameterChangeProposal.encode(
      ParameterChangeProposal.fromPartial({ title: 't', description: 'd', changes: [{ subspace: 'distribution', key: 'communitytax', value: '"0.020000000000000000"' }] }),
    ).finish();
    const message = { typeUrl: TYPE_URLS.execLegacyContent, value: MsgExecLegacyContent.encode({ content: { typeUrl: TYPE_URLS.parameterChangeProposal, value: content }, authority: '' }).finish() };
    const actions = readMessages([message]);
    expect(decodeParameterChanges(actions, { communityTax: 0.1 })).toMatchObject([{ parameter: 'communityTax', from: 0.1, to: 0.02, verified: true }]);
  });

  it('keeps a message that does not decode as one that executes, with nothing to say', () => {
    const actions = readMessages([{ typeUrl: TYPE_URLS.msgSoftwareUpgrade, value: new Uint8Array([0xff, 0xff]) }]);
    expect(actions).toEqual([{ kind: 'other', via: TYPE_URLS.msgSoftwareUpgrade }]);
  });
});

describe('decFromProto', () => {
  it.each([
    ['100000000000000000', 0.1],
    ['334000000000000000', 0.334],
    ['0.400000000000000000', 0.4],
    ['1000000000000000000', 1],
    ['0', 0],
  ])('reads %s as %s', (wire, value) => {
    expect(decFromProto(wire)).toBe(value);
  });

  it('refuses text that is not a decimal', () => {
    expect(decFromProto('')).toBeUndefined();
    expect(decFromProto('0.4abc')).toBeUndefined();
  });
});

describe('votesOf', () => {
  it('gives no quorum when the bonded stake is unknown or zero', () => {
    const tally = { yesCount: '3000000', noCount: '1000000', noWithVetoCount: '0', abstainCount: '1000000' };
    expect(votesOf(tally, { quorum: 0.4, bondedTokens: '0' })).toEqual({ for: 3, against: 1, abstain: 1, total: 5 });
    expect(votesOf(tally, { quorum: 0.4, bondedTokens: '12500000' })).toMatchObject({ quorumRequired: 5, quorumReached: true });
    expect(votesOf(tally, { quorum: 0.4, bondedTokens: '12500001' })).toMatchObject({ quorumReached: false });
  });
});
