import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from 'viem';
import type { EvmCall } from '../../upstream/clients/evmCall.js';

/**
 * IPool.getConfiguration (aave-v3-origin src/contracts/interfaces/IPool.sol, the same in every v3
 * pool and its forks): a reserve's configuration word, which
 * reserveConfiguration.ts decodes. A pool answers an asset it does not list with the empty word.
 */
export const getConfigurationAbi = parseAbi(['struct ReserveConfigurationMap { uint256 data; }', 'function getConfiguration(address asset) view returns (ReserveConfigurationMap)']);

/** The read of `asset`'s configuration word on `pool`. Pure. */
export const getConfigurationCall = (pool: Address, asset: Address): EvmCall => ({ target: pool, callData: encodeFunctionData({ abi: getConfigurationAbi, functionName: 'getConfiguration', args: [asset] }) });

/** The configuration word of a getConfiguration answer. Pure; throws on an answer that is not one. */
export const decodeConfigurationWord = (returnData: Hex): bigint => decodeFunctionResult({ abi: getConfigurationAbi, functionName: 'getConfiguration', data: returnData }).data;
