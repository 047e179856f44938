import { parseAbi } from 'viem';

/*
 * Easy Track on Ethereum mainnet: lidofinance/easy-track README.md and utils/deployed_easy_track.py
 * @dda49df (0xF0211b76…13Fea); events and the Motion struct from contracts/EasyTrack.sol (MotionCreated
 * carries the factory's call data AND the EVMScript it made), objectionsThreshold in basis points of
 * the LDO supply (contracts/MotionSettings.sol). Motions are deleted when enacted, canceled or
 * rejected, so getMotions() lists exactly the live ones.
 */
export const EASY_TRACK = '0xF0211b7660680B49De1A7E9f25C65660F0a13Fea';

export const easyTrackEvents = parseAbi([
  'event MotionCreated(uint256 indexed _motionId, address _creator, address indexed _evmScriptFactory, bytes _evmScriptCallData, bytes _evmScript)',
  'event MotionEnacted(uint256 indexed _motionId)',
  'event MotionCanceled(uint256 indexed _motionId)',
  'event MotionRejected(uint256 indexed _motionId)',
]);

export const easyTrackAbi = parseAbi([
  'struct Motion { uint256 id; address evmScriptFactory; address creator; uint256 duration; uint256 startDate; uint256 snapshotBlock; uint256 objectionsThreshold; uint256 objectionsAmount; bytes32 evmScriptHash; }',
  'function getMotions() view returns (Motion[])',
]);

/**
 * Lido v3's VaultHubAdapter, the target of the stVault Easy Track factories' EVMScripts
 * (lidofinance/easy-track contracts/interfaces/IVaultHubAdapter.sol and
 * contracts/EVMScriptFactories/vaultFactories/*.sol @9b73063, branch feature/factories-for-operator-grid):
 * fees in basis points, the share limit in stETH shares.
 */
export const vaultHubAdapterAbi = parseAbi([
  'function updateVaultFees(address _vault, uint256 _infraFeeBP, uint256 _liquidityFeeBP, uint256 _reservationFeeBP)',
  'function updateShareLimit(address _vault, uint256 _shareLimit)',
  'function socializeBadDebt(address _badDebtVault, address _vaultAcceptor, uint256 _maxSharesToSocialize)',
  'function forceValidatorExit(address _vault, bytes _pubkeys) payable',
]);
