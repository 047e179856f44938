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

const word = (value: number): string => value.toString(16).padStart(64, '0');
const ZERO_WORD = '0'.repeat(64);
const TRUE_WORD = word(1);
/** Each Call3's head: target, allowFailure, and the offset of its bytes (three words in). */
const BYTES_OFFSET = word(96);

/** The calldata of aggregate3(calls), every call allowed to fail on its own: byte for byte what viem's encodeFunctionData gives. */
export function encodeAggregate3(calls: readonly EvmCall[]): Hex {
  const heads: string[] = new Array(calls.length);
  const bodies: string[] = new Array(calls.length);
  let offset = 32 * calls.length;
  for (let index = 0; index < calls.length; index++) {
    const { target, callData } = calls[index]!;
    const data = callData.slice(2);
    const bytes = data.length / 2;
    const padded = Math.ceil(bytes / 32) * 64;
    heads[index] = word(offset);
    bodies[index] = `000000000000000000000000${target.slice(2)}${TRUE_WORD}${BYTES_OFFSET}${word(bytes)}${data.padEnd(padded, '0')}`;
    offset += 128 + padded / 2;
  }
  return `${AGGREGATE3_SELECTOR}${word(32)}${word(calls.length)}${heads.join('')}${bodies.join('')}`.toLowerCase() as Hex;
}

/** A word of `hex` (no 0x) at byte `at`, as a number; throws past the end or above 2^48 (no offset or length of an answer is that large). */
function numberAt(hex: string, at: number): number {
  const start = at * 2;
  if (start + 64 > hex.length) throw new Error(`aggregate3 result: word at byte ${at} is past its end (${hex.length / 2} bytes)`);
  if (hex.slice(start, start + 52) !== ZERO_WORD.slice(0, 52)) throw new Error(`aggregate3 result: word at byte ${at} is not a small number`);
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
