// @solana/addresses, not the whole of @solana/kit: parsing must not load a chain's client.
import { isAddress } from '@solana/addresses';

/**
 * A solana wallet: base58 that decodes to exactly 32 bytes. Off-curve keys (PDAs, multisig vaults)
 * are valid owners, so no on-curve check (positions.md §9).
 */
export function parseSolanaAddress(input: string): string | null {
  return isAddress(input) ? input : null;
}
