import { decodeFunctionResult, encodeFunctionData, formatUnits, getAddress, type Hex } from 'viem';
import { mainnet } from 'viem/chains';
import type { ChainReading } from '../../domain/chainReading.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { type CurrentValuePlan, readCurrentValuePlans } from '../../readers/currentValuePlans.js';
import { inUnitOf } from '../../simulate/changeValues.js';
import type { ComponentContext, CurrentValueReader } from '../types.js';
import { STAKING_ROUTER } from './abi.js';
import { stakingModuleAbi, VAULT_HUB, vaultHubAbi } from './currentValueViews.js';
import { stakingRouterAbi as routerViewsAbi } from './exposure/exposureAbi.js';

/** stETH shares have 18 decimals (as easyTrack/vaultChanges.ts states the share limit). */
const SHARE_DECIMALS = 18;

const inUnit = (change: ParameterChange, value: { bps?: number; fraction?: number }): ChainReading => {
  const read = inUnitOf(change, value);
  return read === undefined ? { notRead: 'a fee is not read in this unit' } : { value: read };
};

const MODULE_FEES = new Set(['moduleFee', 'treasuryFee', 'rewardFee']);
const VAULT_FIELDS = { vaultInfraFee: 'infraFeeBP', vaultLiquidityFee: 'liquidityFeeBP', vaultReservationFee: 'reservationFeeBP' } as const;

/**
 * A staking module's fees (StakingRouter.getStakingModule): its own, the treasury's, or both
 * together (rewardFee). The view reverts for an id the router does not know: "the contract refused the read".
 */
function modulePlan(change: ParameterChange, id: bigint): CurrentValuePlan {
  return {
    calls: [{ target: STAKING_ROUTER, callData: encodeFunctionData({ abi: stakingModuleAbi, functionName: 'getStakingModule', args: [id] }) }],
    value: ([answer]) => {
      const data = answer!.returnData;
      const module = decodeFunctionResult({ abi: stakingModuleAbi, functionName: 'getStakingModule', data });
      const bps = change.parameter === 'moduleFee' ? module.stakingModuleFee : change.parameter === 'treasuryFee' ? module.treasuryFee : module.stakingModuleFee + module.treasuryFee;
      return inUnit(change, { bps });
    },
  };
}

/** A change naming no module: the protocol's fees, every module's weighed by its stake (getStakingFeeAggregateDistribution, as the exposure reads them). */
function protocolPlan(change: ParameterChange): CurrentValuePlan {
  return {
    calls: [{ target: STAKING_ROUTER, callData: encodeFunctionData({ abi: routerViewsAbi, functionName: 'getStakingFeeAggregateDistribution' }) }],
    value: ([answer]) => {
      const data = answer!.returnData;
      const [modulesFee, treasuryFee, precision] = decodeFunctionResult({ abi: routerViewsAbi, functionName: 'getStakingFeeAggregateDistribution', data });
      const fee = change.parameter === 'moduleFee' ? modulesFee : change.parameter === 'treasuryFee' ? treasuryFee : modulesFee + treasuryFee;
      return precision === 0n ? { notRead: 'the StakingRouter states no fee precision' } : inUnit(change, { fraction: Number(fee) / Number(precision) });
    },
  };
}

/** An stVault's fee or share limit, as the VaultHub holds its connection. */
function vaultPlan(change: ParameterChange, vault: Hex): CurrentValuePlan {
  return {
    calls: [{ target: VAULT_HUB, callData: encodeFunctionData({ abi: vaultHubAbi, functionName: 'vaultConnection', args: [getAddress(vault)] }) }],
    value: ([answer]) => {
      const data = answer!.returnData;
      const connection = decodeFunctionResult({ abi: vaultHubAbi, functionName: 'vaultConnection', data });
      // VaultHub answers a vault it does not hold with an empty record, never a revert.
      if (connection.vaultIndex === 0n) return { notRead: 'the vault is not connected to the VaultHub on chain' };
      if (change.parameter === 'vaultShareLimit') return change.unit === 'tokens' ? { value: Number(formatUnits(connection.shareLimit, SHARE_DECIMALS)) } : { notRead: 'a share limit is read in stETH shares only' };
      return inUnit(change, { bps: connection[VAULT_FIELDS[change.parameter as keyof typeof VAULT_FIELDS]] });
    },
  };
}

/** How each change is read on Ethereum: the StakingRouter for module and protocol fees, the VaultHub for an stVault's terms; or why not. Pure. */
export function lidoPlans(changes: readonly ParameterChange[]): CurrentValuePlan[] {
  return changes.map((change): CurrentValuePlan => {
    if (MODULE_FEES.has(change.parameter)) {
      if (change.market === undefined) return protocolPlan(change);
      const id = /^staking module (\d+)$/.exec(change.market)?.[1];
      return id === undefined ? { notRead: 'it names no staking module' } : modulePlan(change, BigInt(id));
    }
    if (change.parameter in VAULT_FIELDS || change.parameter === 'vaultShareLimit') {
      const vault = /^stVault (0x[0-9a-fA-F]{40})$/.exec(change.market ?? '')?.[1] as Hex | undefined;
      return vault ? vaultPlan(change, vault) : { notRead: 'it names no stVault' };
    }
    return { notRead: 'this parameter is not read on chain yet' };
  });
}

/**
 * Lido's current values: staking module and protocol fees from the StakingRouter, stVault fees and
 * share limits from the VaultHub, in one aggregated read on Ethereum of its own
 * (readCurrentValuePlans: a view two changes share is asked once). A failed read costs the changes
 * it would have answered, said "could not be read"; changes that are not read keep their own reason.
 */
export const lidoCurrentValues = (): CurrentValueReader => ({
  readCurrentValues: (changes: readonly ParameterChange[], context: ComponentContext): Promise<ChainReading[]> =>
    readCurrentValuePlans(context.upstreams.ethereum, mainnet, lidoPlans(changes), context.signal),
});
