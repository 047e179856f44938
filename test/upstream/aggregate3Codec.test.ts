import { decodeFunctionResult, encodeFunctionData, encodeFunctionResult, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { decodeAggregate3, encodeAggregate3 } from '../../shared/upstream/clients/aggregate3Codec.js';
import { multicall3Abi } from '../../shared/upstream/clients/ethereumReader.js';

// Calls of every shape a round holds: empty calldata, a selector alone, a word-aligned body, one that is not.
const calls = [
  { target: '0xcA11bde05977b3631167028862bE2a173976CA11', callData: '0x42cbb15c' },
  { target: '0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2', callData: `0xbf92857c${'00'.repeat(12)}${'11'.repeat(20)}` },
  { target: '0x0000000000000000000000000000000000000001', callData: '0x' },
  { target: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', callData: '0x0102030405' },
] as const;

describe('aggregate3 by hand (shared/upstream/clients/aggregate3Codec.ts)', () => {
  it('encodes the calldata viem encodes, byte for byte', () => {
    const viem = encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls.map((call) => ({ ...call, allowFailure: true }))] });
    expect(encodeAggregate3(calls)).toBe(viem.toLowerCase());
    expect(encodeAggregate3([])).toBe(encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [[]] }));
  });

  it('decodes what viem decodes, reverts and empty answers included', () => {
    const results = [
      { success: true, returnData: `0x${'00'.repeat(31)}2a` as Hex },
      { success: false, returnData: '0x' as Hex },
      { success: true, returnData: `0x${'ab'.repeat(33)}` as Hex },
      { success: false, returnData: '0x08c379a0' as Hex },
    ];
    const data = encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: results });
    expect(decodeAggregate3(data, 4)).toEqual(decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data }).map(({ success, returnData }) => ({ success, returnData })));
  });

  it('refuses an answer whose count or layout does not fit', () => {
    const data = encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: [{ success: true, returnData: `0x${'11'.repeat(32)}` }] });
    expect(() => decodeAggregate3(data, 2)).toThrow(/1 results for 2 calls/);
    expect(() => decodeAggregate3(data.slice(0, -64) as Hex, 1)).toThrow(/past its end/);
    expect(() => decodeAggregate3(`0x${'ff'.repeat(32)}` as Hex, 1)).toThrow(/not a small number/);
  });
});
