import type { Hex } from 'viem';
import type { EvmCall, EvmResult } from './evmCall.js';

/**
 * Multicall3.aggregate3's calldata and result, by hand. Their ABI layout is fixed (mds1/multicall3
 * Multicall3.sol: `aggregate3(Call3[] calls) returns (Result[] returnData)`, Call3 =
 * (address target, bool allowFailure, bytes callData), Result = (bool success, bytes returnData)),
 * and a scan sends and reads hundreds of inner calls per chain: viem's generic encoder and decoder
 * spent about a quarter of an uncached scan's CPU on them (bench/scanCpu.ts, profile of 2026-11-25),
 * mostly turning hex into bytes and back. Here the hex is only sliced and joined. Pure.
 */

/** aggregate3((address,bool,bytes)[]): its selector. */
export const AGGREGATE3_SELECTOR = '0x82ad56cb';

const ZEROS = '0'.repeat(64);
const word = (value: number): string => {
  const hex = value.toString(16);
  return ZEROS.slice(hex.length) + hex;
};
const TRUE_WORD = word(1);
/** Each Call3's head: target, allowFailure, and the offset of its bytes (three words in). */
const BYTES_OFFSET = word(96);
const ADDRESS_PAD = ZEROS.slice(40);

/** Targets as one lower-case ABI word's digits, worked out once: the same few hundred contracts recur in every round. */
const targetWords = new Map<string, string>();
const MAX_TARGETS = 20_000;
function targetWord(target: string): string {
  let digits = targetWords.get(target);
  if (digits === undefined) {
    if (targetWords.size >= MAX_TARGETS) targetWords.clear();
    targetWords.set(target, (digits = ADDRESS_PAD + target.slice(2).toLowerCase()));
  }
  return digits;
}

/**
 * The calldata of aggregate3(calls), every call allowed to fail on its own: byte for byte what viem's
 * encodeFunctionData gives. Built by appending, each piece lower-cased on its own: lower-casing the
 * whole calldata at the end made V8 copy it once more, half of what encoding a round cost (bench).
 */
export function encodeAggregate3(calls: readonly EvmCall[]): Hex {
  let heads = '';
  let bodies = '';
  let offset = 32 * calls.length;
  for (let index = 0; index < calls.length; index++) {
    const { target, callData } = calls[index]!;
    const digits = callData.length - 2;
    const bytes = digits >> 1;
    const padded = ((bytes + 31) >> 5) << 6;
    heads += word(offset);
    bodies += targetWord(target) + TRUE_WORD + BYTES_OFFSET + word(bytes) + callData.slice(2).toLowerCase() + (padded > digits ? ZEROS.slice(0, padded - digits) : '');
    offset += 128 + (padded >> 1);
  }
  return `${AGGREGATE3_SELECTOR}${word(32)}${word(calls.length)}${heads}${bodies}` as Hex;
}

/** What a word holding a number below 2^48 starts with. */
const SMALL_NUMBER_PREFIX = ZEROS.slice(0, 52);

/** A word of `hex` (no 0x) at byte `at`, as a number; throws past the end or above 2^48 (no offset or length of an answer is that large). */
function numberAt(hex: string, at: number): number {
  const start = at * 2;
  if (start + 64 > hex.length) throw new Error(`aggregate3 result: word at byte ${at} is past its end (${hex.length / 2} bytes)`);
  if (hex.slice(start, start + 52) !== SMALL_NUMBER_PREFIX) throw new Error(`aggregate3 result: word at byte ${at} is not a small number`);
  return Number.parseInt(hex.slice(start + 52, start + 64), 16);
}

/**
 * aggregate3's answer, decoded: each Result's success and returnData. Throws on a layout that does
 * not fit (an offset or length past the end, a count other than `expected`), which the reader turns
 * into upstream_malformed.
 */
export function decodeAggregate3(data: Hex, expected: number): EvmResult[] {
  const hex = data.startsWith('0x') ? data.slice(2) : data;
  const array = numberAt(hex, 0);
  const count = numberAt(hex, array);
  if (count !== expected) throw new Error(`aggregate3 answered ${count} results for ${expected} calls`);
  const base = array + 32;
  const results: EvmResult[] = new Array(count);
  for (let index = 0; index < count; index++) {
    const element = base + numberAt(hex, base + 32 * index);
    const success = numberAt(hex, element);
    if (success > 1) throw new Error(`aggregate3 result ${index}: success is not a bool`);
    const bytesAt = element + numberAt(hex, element + 32);
    const length = numberAt(hex, bytesAt);
    const start = (bytesAt + 32) * 2;
    if (start + length * 2 > hex.length) throw new Error(`aggregate3 result ${index}: ${length} bytes past its end`);
    results[index] = { success: success === 1, returnData: `0x${hex.slice(start, start + length * 2)}` as Hex };
  }
  return results;
}
