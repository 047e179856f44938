import { parseAbi } from 'viem';

/*
 * The views a Lido change's current value is read from (shared/modules/lido/currentValues.ts).
 * Every fragment is checked by test/modules/lido/currentValuesAbis.test.ts against Lido's own ABIs
 * (lidofinance/scripts interfaces/StakingRouter.json and VaultHub.json @41178e6).
 */

/**
 * Lido v3's VaultHub (proxy): every connected stVault's terms, fees and share limit included.
 * lidofinance/core deployed-mainnet.json @372b02e `vaultHub.proxy.address` (checked by the same test).
 */
export const VAULT_HUB = '0x1d201BE093d847f6446530Efb0E8Fb426d176709';

/**
 * StakingRouter (lidofinance/core contracts/0.8.9/StakingRouter.sol): one module's record, with its
 * fees in basis points; it reverts for an id it does not know. The stake-weighted fees of all
 * modules are read with the exposure's getStakingFeeAggregateDistribution (full precision; the
 * router marks its E4 form deprecated).
 */
export const stakingModuleAbi = parseAbi([
  'struct StakingModule { uint24 id; address stakingModuleAddress; uint16 stakingModuleFee; uint16 treasuryFee; uint16 stakeShareLimit; uint8 status; string name; uint64 lastDepositAt; uint256 lastDepositBlock; uint256 exitedValidatorsCount; uint16 priorityExitShareThreshold; uint64 maxDepositsPerBlock; uint64 minDepositBlockDistance; }',
  'function getStakingModule(uint256 _stakingModuleId) view returns (StakingModule)',
]);

/**
 * VaultHub.vaultConnection (lidofinance/core contracts/0.8.25/vaults/VaultHub.sol): a vault's
 * connection, fees in basis points and the share limit in stETH shares; an empty record (vaultIndex
 * 0) for a vault that is not connected.
 */
export const vaultHubAbi = parseAbi([
  'struct VaultConnection { address owner; uint96 shareLimit; uint96 vaultIndex; uint48 disconnectInitiatedTs; uint16 reserveRatioBP; uint16 forcedRebalanceThresholdBP; uint16 infraFeeBP; uint16 liquidityFeeBP; uint16 reservationFeeBP; bool beaconChainDepositsPauseIntent; }',
  'function vaultConnection(address _vault) view returns (VaultConnection)',
]);
