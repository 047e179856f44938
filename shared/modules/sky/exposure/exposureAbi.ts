import { erc20BalanceAbi } from '../../../upstream/clients/erc20Balance.js';

/*
 * The views the exposure reads. sUSDS and sDAI are ERC-4626 vaults (EIP-4626 convertToAssets);
 * sUSDS keeps its own savings rate (`ssr`, a per-second ray: sdai src/SUsds.sol, and
 * spells-mainnet src/DssSpell.t.base.sol SUsdsLike.ssr), sDAI earns the Pot's (`dsr`: dss src/pot.sol).
 */

export const savingsVaultAbi = [
  ...erc20BalanceAbi,
  { type: 'function', name: 'convertToAssets', stateMutability: 'view', inputs: [{ name: 'shares', type: 'uint256' }], outputs: [{ name: '', type: 'uint256' }] },
  { type: 'function', name: 'ssr', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] },
] as const;

export const potAbi = [{ type: 'function', name: 'dsr', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] }] as const;
