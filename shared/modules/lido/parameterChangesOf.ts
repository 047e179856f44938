import { decodeFunctionData, toFunctionSelector } from 'viem';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { STAKING_ROUTER, stakingRouterAbi } from './abi.js';
import type { VoteCall } from './decodeVoteScript.js';

const UPDATE_MODULE_7 = toFunctionSelector('updateStakingModule(uint256,uint256,uint256,uint256,uint256,uint256,uint256)');
const UPDATE_MODULE_4 = toFunctionSelector('updateStakingModule(uint256,uint256,uint256,uint256)');

/**
 * The ParameterChanges a vote's calls make, for the calls whose meaning we know:
 * StakingRouter.updateStakingModule sets a module's stakingModuleFee and treasuryFee (basis points
 * of that module's rewards; StakingRouter.getStakingFeeAggregateDistribution adds the two, weighted
 * by each module's share of stake). Both are decoded from the calldata, so verified; the simulator
 * weighs them by the module's share read with the holder's position, so a reshuffle between module
 * and treasury that keeps their sum moves no holder's rewards. The call sets every module parameter
 * at once, so the changes have no `from`: the chain's current values are read in the scan. Every
 * other call (roles, node operators, upgrades) moves no parameter we model. Pure.
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
    const evidence = `${path} (selector ${signature}): module ${moduleId} fee ${moduleFee} + treasury fee ${treasuryFee} bps`;
    // StakingRouter fees are in bps of the module's rewards; the simulator's fees are fractions.
    const change = (parameter: 'moduleFee' | 'treasuryFee', bps: bigint): ParameterChange => ({
      protocol: 'lido',
      market: `staking module ${moduleId}`,
      asset: 'stETH',
      parameter,
      to: Number(bps) / 10_000,
      unit: 'fraction',
      evidence,
      verified: true,
    });
    return [change('moduleFee', moduleFee), change('treasuryFee', treasuryFee)];
  });
}
