import type { ParameterKind } from '../../domain/parameterKind.js';

/**
 * StakingRouter's per-module fees (StakingRouter.updateStakingModule: stakingModuleFee and
 * treasuryFee, each a share of that module's rewards); the protocol's fee on rewards is their
 * stake-weighted sum (positions.md §3.3).
 */
export const LIDO_PARAMETERS: readonly ParameterKind[] = [
  { name: 'moduleFee', unit: 'fraction', label: 'the staking module fee', bounded: true, tableLabel: /^(module fee|staking module fee|node operators? fee)$/ },
  { name: 'treasuryFee', unit: 'fraction', label: 'the treasury fee', bounded: true, tableLabel: /^(treasury fee)$/ },
];
