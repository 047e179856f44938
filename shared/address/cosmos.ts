import { fromBech32 } from '@cosmjs/encoding';

/**
 * BIP-173's length limit. Passed explicitly: @cosmjs/encoding 0.39 defaults to Infinity, which the
 * @scure/base it depends on now rejects ("limit: expected safe integer"), failing every address.
 */
const BECH32_MAX_LENGTH = 90;

/** Payload lengths of a cosmos account: 20 bytes for a key account, 32 for module and ICA accounts. */
const ACCOUNT_LENGTHS = new Set([20, 32]);

/**
 * A bech32 account address with one of the served prefixes, lower-cased, or null.
 * Bech32 forbids mixed case, so an all-upper-case address is accepted and lower-cased.
 */
export function parseCosmosAddress(input: string, prefixes: readonly string[]): string | null {
  const lower = input.toLowerCase();
  if (input !== lower && input !== input.toUpperCase()) return null;
  try {
    const { prefix, data } = fromBech32(lower, BECH32_MAX_LENGTH);
    return prefixes.includes(prefix) && ACCOUNT_LENGTHS.has(data.length) ? lower : null;
  } catch {
    return null;
  }
}


/** The prefix of any checksum-valid bech32 string, served or not: to tell "wrong chain" from "not an address". */
export function bech32PrefixOf(input: string): string | null {
  try {
    return fromBech32(input.toLowerCase(), BECH32_MAX_LENGTH).prefix;
  } catch {
    return null;
  }
}
