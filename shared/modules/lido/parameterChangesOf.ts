import { decodeFunctionData, toFunctionSelector } from 'viem';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { STAKING_ROUTER, stakingRouterAbi } from './abi.js';
import type { VoteCall } from './decodeVoteScript.js';

const UPDATE_MODULE_7 = toFunctionSelector('updateStakingModule(uint256,uint256,uint256,uint256,uint256,uint256,uint256)');
const UPDATE_MODULE_4 = toFunctionSelector('updateStakingModule(uint256,uint256,uint256,uint256)');

/**
 * The ParameterChanges a vote's calls make, for the calls whose meaning we know:
 * StakingRouter.updateStakingModule sets a module's fee on its validators' rewards as
 * stakingModuleFee + treasuryFee (basis points; StakingRouter.getStakingFeeAggregateDistribution
 * adds the two), which is the `rewardFee` stETH holders pay on that module's share. The call sets
 * every module parameter at once, so the change has no `from`: the previous fee is not in the
 * script. Every other call (roles, node operators, upgrades) moves no parameter we model. Pure.
 */
export function parameterChangesOf(calls: readonly VoteCall[]): ParameterChange[] {
  return calls.flatMap((call): ParameterChange[] => {
    if (call.target.toLowerCase() !== STAKING_ROUTER.toLowerCase()) return [];
    const selector = call.calldata.slice(0, 10).toLowerCase();
    if (selector !== UPDATE_MODULE_7 && selector !== UPDATE_MODULE_4) return [];
    let args: readonly bigint[];
    try {
      args = decodeFunctionData({ abi: stakingRouterAbi, data: call.calldata }).args;
    } catch {
      return []; // the right selector with arguments that do not decode changes nothing we can state
    }
    const [moduleId = 0n, moduleFee = 0n, treasuryFee = 0n] = args.length === 7 ? [args[0], args[3], args[4]] : [args[0], args[2], args[3]];
    const signature = args.length === 7 ? UPDATE_MODULE_7 : UPDATE_MODULE_4;
    const path = [...call.via, 'StakingRouter.updateStakingModule'].join(' → ');
    return [
      {
        protocol: 'lido',
        market: `staking module ${moduleId}`,
        asset: 'stETH',
        parameter: 'rewardFee',
        // StakingRouter fees are in bps; the simulator's rewardFee is a fraction of rewards.
        to: Number(moduleFee + treasuryFee) / 10_000,
        unit: 'fraction',
        evidence: `${path} (selector ${signature}): module ${moduleId} fee ${moduleFee} + treasury fee ${treasuryFee} bps`,
        // One module's fee, not the protocol's: a holder's rewards move by it only in proportion to
        // that module's share of stake, which the vote does not carry. Shown, never quantified.
        verified: false,
      },
    ];
  });
}
