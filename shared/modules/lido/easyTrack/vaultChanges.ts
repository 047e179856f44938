import { decodeFunctionData, formatUnits, type Hex } from 'viem';
import type { ParameterChange } from '../../../domain/parameterChange.js';
import { vaultHubAdapterAbi } from './abi.js';

/** stETH shares have 18 decimals. */
const SHARE_DECIMALS = 18;

/**
 * The ParameterChanges of an Easy Track EVMScript's calls to the VaultHubAdapter: a vault's three
 * fees (updateVaultFees, bps → fractions) and its share limit (updateShareLimit, in stETH shares),
 * each for the market `stVault <address>`; verified, decoded from the script the motion will run.
 * Bad-debt socialisation and forced exits move no parameter (the motion's text names them). A call
 * to anything else, or that does not decode, gives nothing. Pure.
 */
export function vaultChangesOf(calls: readonly { target: Hex; calldata: Hex }[], where: string): ParameterChange[] {
  return calls.flatMap((call, index): ParameterChange[] => {
    let decoded;
    try {
      decoded = decodeFunctionData({ abi: vaultHubAdapterAbi, data: call.calldata });
    } catch {
      return [];
    }
    const evidence = `${where}, call ${index + 1}: VaultHubAdapter.${decoded.functionName} (${call.calldata.slice(0, 10)}) on ${call.target}`;
    const base = { protocol: 'lido', asset: 'stETH', evidence, verified: true } as const;
    if (decoded.functionName === 'updateVaultFees') {
      const [vault, infra, liquidity, reservation] = decoded.args;
      const market = `stVault ${vault.toLowerCase()}`;
      return [
        { ...base, market, parameter: 'vaultInfraFee', to: Number(infra) / 10_000, unit: 'fraction' },
        { ...base, market, parameter: 'vaultLiquidityFee', to: Number(liquidity) / 10_000, unit: 'fraction' },
        { ...base, market, parameter: 'vaultReservationFee', to: Number(reservation) / 10_000, unit: 'fraction' },
      ];
    }
    if (decoded.functionName === 'updateShareLimit') {
      const [vault, limit] = decoded.args;
      return [{ ...base, market: `stVault ${vault.toLowerCase()}`, parameter: 'vaultShareLimit', to: Number(formatUnits(limit, SHARE_DECIMALS)), unit: 'tokens' }];
    }
    return [];
  });
}
