import type { ParameterKind } from '../../domain/parameterKind.js';

/**
 * StakingRouter's per-module fees (StakingRouter.updateStakingModule: stakingModuleFee and
 * treasuryFee, each a share of that module's rewards); the protocol's fee on rewards is their
 * stake-weighted sum (positions.md §3.3).
 */
export const LIDO_PARAMETERS: readonly ParameterKind[] = [
  { name: 'moduleFee', unit: 'fraction', label: 'the staking module fee', bounded: true, tableLabel: /^(module fee|staking module fee|node operators? fee)$/ },
  { name: 'treasuryFee', unit: 'fraction', label: 'the treasury fee', bounded: true, tableLabel: /^(treasury fee)$/ },
  // Lido v3 stVault terms an Easy Track motion sets (easyTrack/vaultChanges.ts; VaultHub fees in bps of the vault's rewards or value, the limit in stETH shares).
  { name: 'vaultInfraFee', unit: 'fraction', label: 'the stVault’s infrastructure fee', bounded: true },
  { name: 'vaultLiquidityFee', unit: 'fraction', label: 'the stVault’s liquidity fee', bounded: true },
  { name: 'vaultReservationFee', unit: 'fraction', label: 'the stVault’s reservation fee', bounded: true },
  { name: 'vaultShareLimit', unit: 'tokens', label: 'the stVault’s stETH share limit' },
];
