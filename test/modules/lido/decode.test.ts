import { concat, encodeFunctionData, type Hex, numberToHex, pad, parseAbi, size } from 'viem';
import { describe, expect, it } from 'vitest';
import { AGENT, agentAbi, DUAL_GOVERNANCE, dualGovernanceAbi, STAKING_ROUTER, stakingRouterAbi } from '../../../shared/modules/lido/abi.js';
import { decodeEvmScript } from '../../../shared/modules/lido/decodeEvmScript.js';
import { decodeVoteScript } from '../../../shared/modules/lido/decodeVoteScript.js';
import { normalizeAragonVote } from '../../../shared/modules/lido/normalizeAragonVote.js';
import { parameterChangesOf } from '../../../shared/modules/lido/parameterChangesOf.js';

/** An Aragon CallsScript, as lidofinance/scripts utils/evm_script.py encode_call_script builds it. */
const callsScript = (calls: { target: Hex; calldata: Hex }[]): Hex =>
  concat(['0x00000001', ...calls.flatMap(({ target, calldata }) => [target, pad(numberToHex(size(calldata)), { size: 4 }), calldata])]);
const agentForward = (calls: { target: Hex; calldata: Hex }[]) => ({
  target: AGENT as Hex,
  calldata: encodeFunctionData({ abi: agentAbi, functionName: 'forward', args: [callsScript(calls)] }),
});

/*
 * Vote #198 (lidofinance/scripts archive/scripts/upgrade_2026_01_20_v3_phase_2.py): item 1 submits a
 * DG proposal whose items are agent_forward(...) calls; item 1.14 is
 * StakingRouter.updateStakingModule(CSM_MODULE_ID=3, 750, 900, 600, 400, 30, 25) and item 1.12
 * Lido.setMaxExternalRatioBP(3000). Built here from those constants (two of its fifteen DG items).
 */
const LIDO = '0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84';
const DG_METADATA =
  'Activate Lido V3 Phase 2, raise CSM stake share limit to 7.5% and priority exit threshold to 9%, grant MANAGE_FRAME_CONFIG_ROLE on CS HashConsensus to TwoPhaseFrameConfigUpdate contract';
const updateCsm = {
  target: STAKING_ROUTER as Hex,
  calldata: encodeFunctionData({ abi: stakingRouterAbi, functionName: 'updateStakingModule', args: [3n, 750n, 900n, 600n, 400n, 30n, 25n] }),
};
const setExternalRatio = {
  target: LIDO as Hex,
  calldata: encodeFunctionData({ abi: parseAbi(['function setMaxExternalRatioBP(uint256)']), functionName: 'setMaxExternalRatioBP', args: [3000n] }),
};
const dgItems = [agentForward([setExternalRatio]), agentForward([updateCsm])];
const vote198Script = callsScript([
  {
    target: DUAL_GOVERNANCE,
    calldata: encodeFunctionData({
      abi: dualGovernanceAbi,
      functionName: 'submitProposal',
      args: [dgItems.map((item) => ({ target: item.target, value: 0n, payload: item.calldata })), DG_METADATA],
    }),
  },
]);

describe('decodeEvmScript', () => {
  it('splits a CallsScript into target and calldata', () => {
    const script = callsScript([updateCsm, setExternalRatio]);
    expect(decodeEvmScript(script)).toEqual([
      { target: STAKING_ROUTER, calldata: updateCsm.calldata },
      { target: LIDO, calldata: setExternalRatio.calldata },
    ]);
  });

  it('reads the spec id alone, or no bytes, as no call', () => {
    expect(decodeEvmScript('0x00000001')).toEqual([]);
    expect(decodeEvmScript('0x')).toEqual([]);
  });

  it('rejects another spec id and a length past the end', () => {
    expect(() => decodeEvmScript('0x00000002')).toThrow(/spec/);
    const truncated = callsScript([updateCsm]).slice(0, -8) as Hex;
    expect(() => decodeEvmScript(truncated)).toThrow(/past the end/);
  });
});

describe('decodeVoteScript on vote #198’s shape (Voting → DualGovernance.submitProposal → Agent.forward)', () => {
  it('unwraps every level down to the calls the Agent makes', () => {
    const decoded = decodeVoteScript(vote198Script);
    expect(decoded.calls.map((call) => call.target)).toEqual([LIDO, STAKING_ROUTER]);
    expect(decoded.calls[1]!.via).toEqual(['DualGovernance.submitProposal', 'Agent.forward']);
  });

  it('records the DG submission with the calls the timelock will hold', () => {
    const [submission] = decodeVoteScript(vote198Script).dgSubmissions;
    expect(submission!.metadata).toBe(DG_METADATA);
    expect(submission!.calls.map((call) => call.payload.toLowerCase())).toEqual(dgItems.map((item) => item.calldata.toLowerCase()));
    expect(submission!.calls.every((call) => call.value === 0n && call.target.toLowerCase() === AGENT.toLowerCase())).toBe(true);
  });
});

describe('parameterChangesOf', () => {
  it('turns StakingRouter.updateStakingModule into the module’s fee and treasury fee, as fractions, verified', () => {
    const changes = parameterChangesOf(decodeVoteScript(vote198Script).calls);
    const common = {
      protocol: 'lido',
      market: 'staking module 3',
      asset: 'stETH',
      unit: 'fraction',
      evidence: expect.stringContaining('DualGovernance.submitProposal → Agent.forward → StakingRouter.updateStakingModule (selector 0x'),
      verified: true,
    };
    // Vote 198's module 3 (CSM): 600 + 400 bps.
    expect(changes).toEqual([
      { ...common, parameter: 'moduleFee', to: 0.06 },
      { ...common, parameter: 'treasuryFee', to: 0.04 },
    ]);
    expect(changes[0]).not.toHaveProperty('from');
  });

  it('reads the Lido V2 four-argument form too', () => {
    const calldata = encodeFunctionData({
      abi: stakingRouterAbi,
      functionName: 'updateStakingModule',
      args: [2n, 50n, 800n, 200n],
    });
    const [moduleFee, treasuryFee] = parameterChangesOf([{ target: STAKING_ROUTER, calldata, via: ['Agent.forward'] }]);
    expect(moduleFee).toMatchObject({ market: 'staking module 2', parameter: 'moduleFee', to: 0.08, unit: 'fraction' });
    expect(treasuryFee).toMatchObject({ market: 'staking module 2', parameter: 'treasuryFee', to: 0.02, unit: 'fraction' });
  });

  it('ignores calls it cannot map (roles, ratios, other contracts)', () => {
    expect(parameterChangesOf([{ ...setExternalRatio, via: [] }])).toEqual([]);
    expect(parameterChangesOf([{ target: LIDO, calldata: updateCsm.calldata, via: [] }])).toEqual([]);
  });
});

describe('normalizeAragonVote with vote #198’s script shape', () => {
  // Tallies and dates here are plain numbers (vote #198's were not published); the script is #198's shape.
  const vote = {
    id: 198,
    executed: true,
    startDate: 1_768_500_000,
    snapshotBlock: 24_200_000n,
    supportRequired: 5n * 10n ** 17n,
    minAcceptQuorum: 5n * 10n ** 16n,
    yea: 60_000_000n * 10n ** 18n,
    nay: 0n,
    votingPower: 10n ** 27n,
    script: vote198Script,
    metadata: `Omnibus vote: 1) Submit a Dual Governance proposal to ${DG_METADATA}.\nlidovoteipfs://bafkreiafqk57mx7mwieujnkvwukkelfdxijy2tvzr3weaooxgokqljdfv4`,
  };
  const times = { voteTime: 432_000, objectionPhaseTime: 172_800 };
  const now = new Date('2026-11-22T12:00:00Z');

  it('stays passed while the DG proposal it submitted waits in the timelock, with the decoded fee as a change', () => {
    const proposal = normalizeAragonVote({ ...vote, dualGovernance: { proposalId: 9, status: 'Scheduled' } }, times, now);
    expect(proposal.id).toBe('lido-aragon-198');
    expect(proposal.status).toBe('passed');
    expect(proposal.changeType).toBe('parameter');
    expect(proposal.changes).toEqual([expect.objectContaining({ parameter: 'moduleFee', to: 0.06, verified: true }), expect.objectContaining({ parameter: 'treasuryFee', to: 0.04, verified: true })]);
  });

  it('is executed once the timelock executed that proposal', () => {
    expect(normalizeAragonVote({ ...vote, dualGovernance: { proposalId: 9, status: 'Executed' } }, times, now).status).toBe('executed');
  });
});

describe('a vote whose script cannot be decoded', () => {
  it('keeps its status and has no changes, instead of failing the build', () => {
    const vote = {
      id: 1,
      executed: true,
      startDate: 1_600_000_000,
      snapshotBlock: 1n,
      supportRequired: 5n * 10n ** 17n,
      minAcceptQuorum: 5n * 10n ** 16n,
      yea: 1n,
      nay: 0n,
      votingPower: 2n,
      script: '0x00000002' as Hex,
      metadata: '',
    };
    const proposal = normalizeAragonVote(vote, { voteTime: 1, objectionPhaseTime: 0 }, new Date('2026-01-01T00:00:00Z'));
    expect(proposal.status).toBe('executed');
    expect(proposal.changes).toEqual([]);
  });
});
