import { type Address, decodeFunctionResult, encodeFunctionData } from 'viem';
import type { EvmCall, EvmResult } from './evmCall.js';

/** ERC-20 `symbol()` (EIP-20's optional metadata). */
export const erc20SymbolAbi = [{ type: 'function', name: 'symbol', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'string' }] }] as const;

/** The `symbol()` read of a token, for an aggregated round. Pure. */
export const erc20SymbolCall = (token: Address): EvmCall => ({ target: token, callData: encodeFunctionData({ abi: erc20SymbolAbi, functionName: 'symbol' }) });

/**
 * A token's symbol from its `symbol()` result; undefined when the call reverted or the token
 * answers a non-string (MKR's bytes32 symbol, say): the caller names it by its address. Pure.
 */
export function erc20SymbolOf(result: EvmResult | undefined): string | undefined {
  if (!result?.success) return undefined;
  try {
    return decodeFunctionResult({ abi: erc20SymbolAbi, functionName: 'symbol', data: result.returnData }) || undefined;
  } catch {
    return undefined;
  }
}
