import { type Address, getAddress, type Hex } from 'viem';

/*
 * Fixed-layout ABI answers read word by word, and calls with one address argument built by
 * concatenation. A scan decodes and encodes thousands of static values per chain; viem's generic
 * decodeFunctionResult and encodeFunctionData (hex → bytes → values and back, per call) were most of
 * an uncached scan's CPU (bench/scanCpu.ts). Every helper here reads a static answer only (no
 * dynamic bytes, strings or arrays): for those the reader still uses viem. Pure.
 */

/** The `index`-th 32-byte word of an ABI answer as an unsigned integer. Throws past the answer's end, as viem would. */
export function wordAt(data: Hex, index: number): bigint {
  const start = 2 + 64 * index;
  if (data.length < start + 64) throw new Error(`ABI answer of ${(data.length - 2) / 2} bytes has no word ${index}`);
  return BigInt(`0x${data.slice(start, start + 64)}`);
}

/** A word that holds a small unsigned integer (uint8, uint16, a bool), as a number. */
export const smallAt = (data: Hex, index: number): number => Number(wordAt(data, index));

/** Whether the answer's first `words` words are all zero (an empty balance, an unused account). */
export function zeroWords(data: Hex, words: number): boolean {
  if (data.length < 2 + 64 * words) throw new Error(`ABI answer of ${(data.length - 2) / 2} bytes has no word ${words - 1}`);
  for (let at = 2; at < 2 + 64 * words; at++) if (data.charCodeAt(at) !== 48) return false;
  return true;
}

/** Checksummed addresses seen before: getAddress hashes (keccak) each time, and the same few hundred contracts recur in every scan. */
const checksummed = new Map<string, Address>();
const MAX_CHECKSUMMED = 20_000;

/** The address in the `index`-th word, checksummed as viem's decoder gives it. */
export function addressAt(data: Hex, index: number): Address {
  const start = 2 + 64 * index;
  if (data.length < start + 64) throw new Error(`ABI answer of ${(data.length - 2) / 2} bytes has no word ${index}`);
  const raw = data.slice(start + 24, start + 64).toLowerCase();
  let address = checksummed.get(raw);
  if (!address) {
    if (checksummed.size >= MAX_CHECKSUMMED) checksummed.clear();
    checksummed.set(raw, (address = getAddress(`0x${raw}`)));
  }
  return address;
}

/** An address as one ABI word (left-padded), lower-case, without 0x. */
export const addressWord = (address: Address): string => `000000000000000000000000${address.slice(2).toLowerCase()}`;

/** A uint as one ABI word, without 0x. */
export const uintWord = (value: number | bigint): string => value.toString(16).padStart(64, '0');

/**
 * The calldata of a call whose arguments are all static words: its selector (from one viem
 * encoding, `0x` and eight hex digits) followed by the words. Byte for byte what encodeFunctionData
 * gives for the same arguments.
 */
export const callData = (selector: Hex, ...words: string[]): Hex => `${selector}${words.join('')}` as Hex;

/** An answer that is one `address[]` (Pool.getReservesList), each address checksummed. */
export function addressesAt(data: Hex): Address[] {
  const offset = Number(wordAt(data, 0)) / 32;
  if (!Number.isInteger(offset)) throw new Error('ABI answer: address[] offset is not word-aligned');
  const length = Number(wordAt(data, offset));
  if (data.length < 2 + 64 * (offset + 1 + length)) throw new Error(`ABI answer of ${(data.length - 2) / 2} bytes is shorter than its ${length} addresses`);
  return Array.from({ length }, (_, index) => addressAt(data, offset + 1 + index));
}
