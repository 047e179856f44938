import { type Abi, type AbiFunction, concat, encodeFunctionData, type Hex, numberToHex, pad, size } from 'viem';
import { describe, expect, it } from 'vitest';
import { AGENT, agentAbi, DUAL_GOVERNANCE, dualGovernanceAbi, STAKING_ROUTER, stakingRouterAbi, startVoteEvent, timelockAbi, votingAbi } from '../../../shared/modules/lido/abi.js';
import { decodeVoteScript } from '../../../shared/modules/lido/decodeVoteScript.js';
import { parameterChangesOf } from '../../../shared/modules/lido/parameterChangesOf.js';
import { aggregatorAbi, stakingRouterAbi as routerViewsAbi, tokenRebasedEvent, wstEthAbi } from '../../../shared/modules/lido/exposure/exposureAbi.js';
import { erc20BalanceAbi } from '../../../shared/upstream/clients/erc20Balance.js';
import { addressBookAbi, snapshotAbis, unpublishedItems } from '../../support/publishedAbi.js';

/*
 * Every function the lido module calls or decodes, and every event it reads, is in Lido's own ABIs,
 * snapshotted at named commits in test/fixtures/abis/: Dual Governance and its timelock compiled
 * from lidofinance/dual-governance; Aragon Voting and Agent, the StakingRouter, stETH and wstETH as
 * Lido's vote scripts load them (lidofinance/scripts interfaces/*.json). No npm package carries the
 * governance or router ABIs. Selectors or topics, output types and indexed inputs must agree.
 */
const scripts = (name: string) => snapshotAbis(`lido-scripts-${name}@41178e6`)[name]!;
const dualGovernance = snapshotAbis('dual-governance@0d31f5b');
const routerV2 = snapshotAbis('lido-scripts-StakingRouterV2@d10f675').StakingRouter!;
const [updateStakingModule7, updateStakingModule4] = stakingRouterAbi;

describe('Lido ABIs we use are the ones Lido’s scripts use', () => {
  const cases: [string, Abi, Abi[]][] = [
    ['Aragon Voting', votingAbi, [scripts('Voting')]],
    ['StartVote', [startVoteEvent], [scripts('Voting')]],
    ['Aragon Agent', agentAbi, [scripts('Agent')]],
    ['Dual Governance', dualGovernanceAbi, [dualGovernance.DualGovernance!]],
    ['EmergencyProtectedTimelock', timelockAbi, [dualGovernance.EmergencyProtectedTimelock!]],
    ['StakingRouter.updateStakingModule (7 arguments, V2.1+)', [updateStakingModule7!], [scripts('StakingRouter')]],
    ['StakingRouter.updateStakingModule (4 arguments, V2)', [updateStakingModule4!], [routerV2]],
    ['StakingRouter views', routerViewsAbi, [scripts('StakingRouter')]],
    ['stETH balanceOf', erc20BalanceAbi, [scripts('Lido')]],
    ['stETH TokenRebased', [tokenRebasedEvent], [scripts('Lido')]],
    ['wstETH', wstEthAbi, [scripts('WstETH')]],
  ];

  it.each(cases)('%s', (_, ours, published) => {
    expect(unpublishedItems(ours, published)).toEqual([]);
  });

  it('Chainlink aggregator (the address book’s AggregatorInterface)', async () => {
    expect(unpublishedItems(aggregatorAbi, [await addressBookAbi('AggregatorInterface')])).toEqual([]);
  });

  it('tells the router’s two updateStakingModule forms apart', () => {
    expect(unpublishedItems([updateStakingModule4!], [scripts('StakingRouter')])).toEqual([expect.stringMatching(/^updateStakingModule: no published function/)]);
    expect(unpublishedItems([updateStakingModule7!], [routerV2])).toEqual([expect.stringMatching(/^updateStakingModule: no published function/)]);
  });
});

/** An Aragon CallsScript (lidofinance/scripts utils/evm_script.py encode_call_script). */
const callsScript = (calls: { target: Hex; calldata: Hex }[]): Hex =>
  concat(['0x00000001', ...calls.flatMap(({ target, calldata }) => [target, pad(numberToHex(size(calldata)), { size: 4 }), calldata])]);

/*
 * A selector test cannot see arguments read from the wrong position. Here the vote script is encoded
 * with the published ABIs alone (Agent.forward → DualGovernance.submitProposal → both
 * updateStakingModule forms), every argument a distinct number, and the fees we decode must be the
 * ones the source names _stakingModuleFee and _treasuryFee.
 */
describe('a vote encoded with Lido’s own ABIs', () => {
  const updateOf = (abi: Abi, inputs: number) => abi.find((item): item is AbiFunction => item.type === 'function' && item.name === 'updateStakingModule' && item.inputs.length === inputs)!;
  const forms = [
    ['7 arguments', updateOf(scripts('StakingRouter'), 7)],
    ['4 arguments', updateOf(routerV2, 4)],
  ] as const;

  it.each(forms)('reads the fees the source names (%s)', (_, update) => {
    const args = update.inputs.map((_, at) => BigInt(101 + at));
    const payload = encodeFunctionData({ abi: [update], args });
    const submit = encodeFunctionData({ abi: dualGovernance.DualGovernance!, functionName: 'submitProposal', args: [[{ target: STAKING_ROUTER, value: 0n, payload }], 'synthetic'] });
    const forward = encodeFunctionData({ abi: scripts('Agent'), functionName: 'forward', args: [callsScript([{ target: DUAL_GOVERNANCE, calldata: submit }])] });
    const decoded = decodeVoteScript(callsScript([{ target: AGENT, calldata: forward }]));
    const named = (name: string) => Number(args[update.inputs.findIndex((input) => input.name === name)]) / 10_000;
    expect(decoded.dgSubmissions).toEqual([{ calls: [{ target: STAKING_ROUTER, value: 0n, payload }], metadata: 'synthetic' }]);
    expect(parameterChangesOf(decoded.calls).map((change) => [change.market, change.parameter, change.to])).toEqual([
      ['staking module 101', 'moduleFee', named('_stakingModuleFee')],
      ['staking module 101', 'treasuryFee', named('_treasuryFee')],
    ]);
  });
});
