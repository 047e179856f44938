import type { Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { agentAbi, dualGovernanceAbi, stakingRouterAbi, startVoteEvent, timelockAbi, votingAbi } from '../../../shared/modules/lido/abi.js';
import { aggregatorAbi, stakingRouterAbi as routerViewsAbi, tokenRebasedEvent, wstEthAbi } from '../../../shared/modules/lido/exposure/exposureAbi.js';
import { erc20BalanceAbi } from '../../../shared/upstream/clients/erc20Balance.js';
import { addressBookAbi, snapshotAbis, unpublishedItems } from '../../support/publishedAbi.js';

/*
 * Every function the lido module calls or decodes, and every event it reads, is in the ABIs Lido's
 * own vote scripts load (lidofinance/scripts interfaces/*.json, snapshotted at a named commit in
 * test/fixtures/abis/): Aragon Voting and Agent, Dual Governance and its timelock, the StakingRouter,
 * stETH and wstETH. No npm package carries the governance or router ABIs. Selectors or topics,
 * output types and indexed inputs must agree.
 */
const scripts = (name: string) => snapshotAbis(`lido-scripts-${name}@41178e6`)[name]!;
const routerV2 = snapshotAbis('lido-scripts-StakingRouterV2@d10f675').StakingRouter!;
const [updateStakingModule7, updateStakingModule4] = stakingRouterAbi;

describe('Lido ABIs we use are the ones Lido’s scripts use', () => {
  const cases: [string, Abi, Abi[]][] = [
    ['Aragon Voting', votingAbi, [scripts('Voting')]],
    ['StartVote', [startVoteEvent], [scripts('Voting')]],
    ['Aragon Agent', agentAbi, [scripts('Agent')]],
    ['Dual Governance', dualGovernanceAbi, [scripts('DualGovernance')]],
    ['EmergencyProtectedTimelock', timelockAbi, [scripts('EmergencyProtectedTimelock')]],
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
