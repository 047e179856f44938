import { parseAbi } from 'viem';

/*
 * The events of Compound's changes made without a vote, from the contracts' own sources:
 * - Comet: compound-finance/comet contracts/CometMainInterface.sol `PauseAction` (Comet.pause sets
 *   all five flags at once, called by the pause guardian or the governor).
 * - Compound v2 Comptroller: compound-finance/compound-protocol contracts/Comptroller.sol, the two
 *   `ActionPaused` overloads (global Transfer/Seize; per-market Mint/Borrow), sent by the pause
 *   guardian or the admin.
 * - MarketUpdateTimelock: compound-finance/comet contracts/marketupdates/MarketUpdateTimelock.sol
 *   @d5a30b0 (txHash and target indexed; the full signature and data in the event).
 */

export const guardianEvents = parseAbi([
  'event PauseAction(bool supplyPaused, bool transferPaused, bool withdrawPaused, bool absorbPaused, bool buyPaused)',
  'event ActionPaused(string action, bool pauseState)',
  'event ActionPaused(address cToken, string action, bool pauseState)',
]);

export const marketUpdateEvents = parseAbi([
  'event QueueTransaction(bytes32 indexed txHash, address indexed target, uint256 value, string signature, bytes data, uint256 eta)',
  'event ExecuteTransaction(bytes32 indexed txHash, address indexed target, uint256 value, string signature, bytes data, uint256 eta)',
  'event CancelTransaction(bytes32 indexed txHash, address indexed target, uint256 value, string signature, bytes data, uint256 eta)',
]);
