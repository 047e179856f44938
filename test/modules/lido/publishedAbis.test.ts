import type { Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { agentAbi, dualGovernanceAbi, stakingRouterAbi, startVoteEvent, timelockAbi, votingAbi } from '../../../shared/modules/lido/abi.js';
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
