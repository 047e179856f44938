import { getAddress, isAddress } from 'viem';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * An evm address in EIP-55 form, or null. Any single case is accepted; mixed case must carry a
 * valid EIP-55 checksum, because a wrong checksum is how a mistyped address shows itself.
 */
export function parseEvmAddress(input: string): string | null {
  if (!HEX_ADDRESS.test(input)) return null;
  const hex = input.slice(2);
  const singleCase = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  if (!singleCase && !isAddress(input, { strict: true })) return null;
  return getAddress(input.toLowerCase());
}

export const looksLikeEvm = (input: string): boolean => /^0x/i.test(input);
