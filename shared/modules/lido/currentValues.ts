import { decodeFunctionResult, encodeFunctionData, formatUnits, getAddress, type Hex, RpcError } from 'viem';
import type { ChainReading } from '../../domain/chainReading.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { inUnitOf } from '../../simulate/changeValues.js';
import { decodeAggregate3, encodeAggregate3 } from '../../upstream/clients/aggregate3Codec.js';
import { verifyEthereumMainnet } from '../../upstream/clients/ethereumChain.js';
import { ethereumClient } from '../../upstream/clients/ethereumClient.js';
import { MULTICALL3 } from '../../upstream/clients/ethereumReader.js';
import type { EvmCall, EvmResult } from '../../upstream/clients/evmCall.js';
import { describeFailure } from '../../upstream/describeFailure.js';
import { UpstreamError, upstreamMalformed } from '../../upstream/errors.js';
import type { Upstream } from '../../upstream/upstreams.js';
import type { ComponentContext, CurrentValueReader } from '../types.js';
import { STAKING_ROUTER } from './abi.js';
import { stakingModuleAbi, VAULT_HUB, vaultHubAbi } from './currentValueViews.js';
import { stakingRouterAbi as routerViewsAbi } from './exposure/exposureAbi.js';

/** One change's read: the view that holds its value, how the answer becomes the value, and what a revert means; or why it is not read. */
type Plan = { call: EvmCall; value: (returnData: Hex) => ChainReading; refused: string } | { notRead: string };

/** stETH shares have 18 decimals (as easyTrack/vaultChanges.ts states the share limit). */
const SHARE_DECIMALS = 18;

const inUnit = (change: ParameterChange, value: { bps?: number; fraction?: number }): ChainReading => {
  const read = inUnitOf(change, value);
  return read === undefined ? { notRead: 'a fee is not read in this unit' } : { value: read };
};

const MODULE_FEES = new Set(['moduleFee', 'treasuryFee', 'rewardFee']);
const VAULT_FIELDS = { vaultInfraFee: 'infraFeeBP', vaultLiquidityFee: 'liquidityFeeBP', vaultReservationFee: 'reservationFeeBP' } as const;

/** A staking module's fees (StakingRouter.getStakingModule): its own, the treasury's, or both together (rewardFee). */
function modulePlan(change: ParameterChange, id: bigint): Plan {
  return {
    call: { target: STAKING_ROUTER, callData: encodeFunctionData({ abi: stakingModuleAbi, functionName: 'getStakingModule', args: [id] }) },
    refused: `the StakingRouter knows no staking module ${id}`,
    value: (data) => {
      const module = decodeFunctionResult({ abi: stakingModuleAbi, functionName: 'getStakingModule', data });
      const bps = change.parameter === 'moduleFee' ? module.stakingModuleFee : change.parameter === 'treasuryFee' ? module.treasuryFee : module.stakingModuleFee + module.treasuryFee;
      return inUnit(change, { bps });
    },
  };
}

/** A change naming no module: the protocol's fees, every module's weighed by its stake (getStakingFeeAggregateDistribution, as the exposure reads them). */
function protocolPlan(change: ParameterChange): Plan {
  return {
    call: { target: STAKING_ROUTER, callData: encodeFunctionData({ abi: routerViewsAbi, functionName: 'getStakingFeeAggregateDistribution' }) },
    refused: 'the StakingRouter refused the read',
    value: (data) => {
      const [modulesFee, treasuryFee, precision] = decodeFunctionResult({ abi: routerViewsAbi, functionName: 'getStakingFeeAggregateDistribution', data });
      const fee = change.parameter === 'moduleFee' ? modulesFee : change.parameter === 'treasuryFee' ? treasuryFee : modulesFee + treasuryFee;
      return precision === 0n ? { notRead: 'the StakingRouter states no fee precision' } : inUnit(change, { fraction: Number(fee) / Number(precision) });
    },
  };
}

/** An stVault's fee or share limit, as the VaultHub holds its connection. */
function vaultPlan(change: ParameterChange, vault: Hex): Plan {
  return {
    call: { target: VAULT_HUB, callData: encodeFunctionData({ abi: vaultHubAbi, functionName: 'vaultConnection', args: [getAddress(vault)] }) },
    refused: 'the VaultHub refused the read',
    value: (data) => {
      const connection = decodeFunctionResult({ abi: vaultHubAbi, functionName: 'vaultConnection', data });
      // VaultHub answers a vault it does not hold with an empty record, never a revert.
      if (connection.vaultIndex === 0n) return { notRead: 'the vault is not connected to the VaultHub on chain' };
      if (change.parameter === 'vaultShareLimit') return change.unit === 'tokens' ? { value: Number(formatUnits(connection.shareLimit, SHARE_DECIMALS)) } : { notRead: 'a share limit is read in stETH shares only' };
      return inUnit(change, { bps: connection[VAULT_FIELDS[change.parameter as keyof typeof VAULT_FIELDS]] });
    },
  };
}

/** How each change is read on Ethereum: the StakingRouter for module and protocol fees, the VaultHub for an stVault's terms; or why not. Pure. */
export function lidoPlans(changes: readonly ParameterChange[]): Plan[] {
  return changes.map((change): Plan => {
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
 * One aggregate3 eth_call of its own at 'latest', every call allowed to fail, beside eth_chainId in
 * the same HTTP request. Not the shared ethereumReader: its rounds merge the calls of every module
 * reading in the same window, and the feed build reads every module's old values at once, so the
 * request (and its recording) would depend on which other modules had open proposals.
 *
 * @throws UpstreamError (wrong chain, status, timeout, malformed answer)
 */
async function readAggregate(upstream: Upstream, calls: readonly EvmCall[], signal: AbortSignal): Promise<EvmResult[]> {
  const client = ethereumClient(upstream, signal);
  const call = client.request({ method: 'eth_call', params: [{ to: MULTICALL3, data: encodeAggregate3(calls) }, 'latest'] }).catch((error: unknown) => {
    // The node's own words for its error answer (never viem's message, which carries the endpoint's URL).
    if (error instanceof RpcError) throw new UpstreamError('upstream_error', 'ethereum', `JSON-RPC error ${error.code}: ${error.details.slice(0, 120)}`, { cause: error });
    throw error;
  });
  const [, answer] = await Promise.all([verifyEthereumMainnet(client), call]);
  if (typeof answer !== 'string' || answer === '0x') throw upstreamMalformed('ethereum', new Error('Multicall3 aggregate3 returned no data'));
  try {
    return decodeAggregate3(answer, calls.length);
  } catch (error) {
    throw upstreamMalformed('ethereum', error);
  }
}

/**
 * Lido's current values: staking module and protocol fees from the StakingRouter, stVault fees and
 * share limits from the VaultHub, in one aggregated read on Ethereum (a view two changes share is
 * asked once). A failed read costs the changes it would have answered, said "could not be read";
 * changes that are not read keep their own reason.
 */
export const lidoCurrentValues = (): CurrentValueReader => ({
  async readCurrentValues(changes: readonly ParameterChange[], context: ComponentContext): Promise<ChainReading[]> {
    const plans = lidoPlans(changes);
    const calls = new Map<string, EvmCall>();
    for (const plan of plans) if ('call' in plan) calls.set(plan.call.callData + plan.call.target, plan.call);
    if (calls.size === 0) return plans.map((plan) => ({ notRead: 'notRead' in plan ? plan.notRead : 'not read' }));
    const keys = [...calls.keys()];
    let results: EvmResult[];
    try {
      results = await readAggregate(context.upstreams.ethereum, [...calls.values()], context.signal);
    } catch (error) {
      const failed = `could not be read on Ethereum (${describeFailure(error)})`;
      return plans.map((plan) => ({ notRead: 'notRead' in plan ? plan.notRead : failed }));
    }
    return plans.map((plan): ChainReading => {
      if ('notRead' in plan) return { notRead: plan.notRead };
      const { success, returnData } = results[keys.indexOf(plan.call.callData + plan.call.target)]!;
      if (!success) return { notRead: plan.refused };
      try {
        return plan.value(returnData);
      } catch {
        // One view's answer that does not decode costs only the changes it holds.
        return { notRead: 'the chain’s answer did not decode' };
      }
    });
  },
});
