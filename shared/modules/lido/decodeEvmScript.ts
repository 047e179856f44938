import { getAddress, type Hex, isHex, size, slice } from 'viem';

/** One call of an Aragon EVMScript. */
export interface ScriptCall {
  /** EIP-55 checksummed. */
  target: Hex;
  calldata: Hex;
}

/** The only EVMScript executor Aragon Voting uses: CallsScript, spec id 1. */
const CALLS_SCRIPT_SPEC = '0x00000001';

/**
 * Splits an Aragon CallsScript (spec 0x00000001, then repeated [20-byte target][4-byte calldata
 * length][calldata]; aragon/aragonOS `contracts/evmscript/executors/CallsScript.sol`,
 * lidofinance/evm-script-decoder `src/EVMScriptParser.ts`) into its calls. An empty script (no
 * bytes, or the spec id alone) has none. Pure.
 *
 * @throws Error when the spec id is another one or a length runs past the end.
 * @example decodeEvmScript('0x00000001' + target + '00000004' + 'a9059cbb') // [{ target, calldata: '0xa9059cbb' }]
 */
export function decodeEvmScript(script: Hex): ScriptCall[] {
  if (!isHex(script)) throw new Error('EVMScript is not hex');
  const length = size(script);
  if (length === 0) return [];
  if (length < 4 || slice(script, 0, 4) !== CALLS_SCRIPT_SPEC) throw new Error(`unsupported EVMScript spec ${slice(script, 0, Math.min(4, length))}`);
  const calls: ScriptCall[] = [];
  for (let offset = 4; offset < length; ) {
    if (offset + 24 > length) throw new Error(`EVMScript truncated at byte ${offset}`);
    const target = getAddress(slice(script, offset, offset + 20));
    const dataLength = Number.parseInt(slice(script, offset + 20, offset + 24).slice(2), 16);
    const start = offset + 24;
    if (start + dataLength > length) throw new Error(`EVMScript call at byte ${offset} runs past the end`);
    calls.push({ target, calldata: dataLength === 0 ? '0x' : slice(script, start, start + dataLength) });
    offset = start + dataLength;
  }
  return calls;
}
