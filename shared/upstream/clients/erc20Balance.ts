/** ERC-20 `balanceOf` (EIP-20): what an account holds of a token, shared by every module and reader that asks it. */
export const erc20BalanceAbi = [
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'account', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] },
] as const;
