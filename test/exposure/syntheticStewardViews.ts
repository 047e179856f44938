import { type Abi, decodeAbiParameters } from 'viem';
import { CONFIG_37, DEBOUNCE_37, deployedConfig } from '../modules/aave/stewards/stewardBoundsScenario.js';

/*
 * The Aave RiskStewards' views as the synthetic chain answers them, for the scans that read them
 * after a wallet's positions (shared/modules/aave/stewards/readStewardBounds.ts). The outputs are
 * the 3.7 stewards' layouts (aave-dao/aave-v3-risk-stewards src/interfaces/IRiskSteward.sol @ab49968:
 * Config, Debounce, EModeDebounce, bool); the values are the deploy script's defaults with no change
 * made and nothing restricted: synthetic, for request counts and latency only.
 */

const uint40s = (names: readonly string[]) => names.map((name) => ({ name: `${name}LastUpdated`, type: 'uint40' }) as const);

/** The five views with their real output layouts (the module's own ABI reads the raw words). */
export const stewardViewsAbi = [
  { type: 'function', name: 'getRiskConfig', stateMutability: 'view', inputs: [], outputs: [CONFIG_37] },
  { type: 'function', name: 'getTimelock', stateMutability: 'view', inputs: [{ name: 'asset', type: 'address' }], outputs: uint40s(DEBOUNCE_37) },
  { type: 'function', name: 'getEModeTimelock', stateMutability: 'view', inputs: [{ name: 'eModeCategoryId', type: 'uint8' }], outputs: uint40s(['eModeLtv', 'eModeLiquidationBonus', 'eModeLiquidationThreshold']) },
  { type: 'function', name: 'isAddressRestricted', stateMutability: 'view', inputs: [{ name: 'contractAddress', type: 'address' }], outputs: [{ type: 'bool' }] },
  { type: 'function', name: 'isEModeCategoryRestricted', stateMutability: 'view', inputs: [{ name: 'eModeCategoryId', type: 'uint8' }], outputs: [{ type: 'bool' }] },
] as const satisfies Abi;

const [DEPLOYED] = decodeAbiParameters([CONFIG_37], deployedConfig());

/** A steward view's synthetic answer, or undefined for any other function. */
export function stewardViewAnswer(functionName: string): { abi: Abi; result: unknown } | undefined {
  const abi = stewardViewsAbi as unknown as Abi;
  switch (functionName) {
    case 'getRiskConfig':
      return { abi, result: DEPLOYED };
    case 'getTimelock':
      return { abi, result: DEBOUNCE_37.map(() => 0) };
    case 'getEModeTimelock':
      return { abi, result: [0, 0, 0] };
    case 'isAddressRestricted':
    case 'isEModeCategoryRestricted':
      return { abi, result: false };
    default:
      return undefined;
  }
}
