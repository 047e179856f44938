// ox's Address module, not viem's index: address parsing runs on every request that takes a
// wallet, and viem's index would load its whole client graph (about 1,500 modules) with it.
import { checksum, validate } from 'ox/Address';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * An evm address in EIP-55 form, or null. Any single case is accepted; mixed case must carry a
 * valid EIP-55 checksum, because a wrong checksum is how a mistyped address shows itself.
 */
export function parseEvmAddress(input: string): string | null {
  if (!HEX_ADDRESS.test(input)) return null;
  const hex = input.slice(2);
  const singleCase = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  if (!singleCase && !validate(input, { strict: true })) return null;
  return checksum(input.toLowerCase() as `0x${string}`);
}

