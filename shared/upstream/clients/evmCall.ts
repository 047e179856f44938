import type { Address, Hex } from 'viem';

/*
 * The shapes of one EVM read and its answer, apart from the reader (ethereumReader.ts) so the
 * aggregate3 codec and the reader can both name them without importing each other.
 */

/** One read: a contract and the ABI-encoded call. */
export interface EvmCall {
  target: Address;
  callData: Hex;
}

/** What one read returned: its raw return data, or that it reverted (with the revert data). */
export interface EvmResult {
  success: boolean;
  returnData: Hex;
}
