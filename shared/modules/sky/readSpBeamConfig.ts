import { encodeFunctionData, type Hex, stringToHex } from 'viem';
import { smallAt, wordAt } from '../../upstream/clients/abiWords.js';
import { type EvmCall, type EvmReader, type EvmResult, MULTICALL3, multicall3Abi } from '../../upstream/clients/ethereumReader.js';
import { upstreamMalformed } from '../../upstream/errors.js';
import { spBeamViewsAbi } from './spBeamAbi.js';
import { SP_BEAM, SP_BEAM_IDS, type SpBeamBounds, type SpBeamConfig } from './spBeamLimits.js';

const view = (functionName: 'tau' | 'toc' | 'bad'): EvmCall => ({ target: SP_BEAM, callData: encodeFunctionData({ abi: spBeamViewsAbi, functionName }) });
const cfgs = (id: string): EvmCall => ({ target: SP_BEAM, callData: encodeFunctionData({ abi: spBeamViewsAbi, functionName: 'cfgs', args: [stringToHex(id, { size: 32 })] }) });
const blockTime: EvmCall = { target: MULTICALL3, callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' }) };

/**
 * The calls of one read, in this order: the block's time, `tau`, `toc`, `bad`, then `cfgs(id)` for
 * each id. Built once per id list: the ids are the module's own constant. Pure.
 */
export function spBeamConfigCalls(ids: readonly string[] = SP_BEAM_IDS): EvmCall[] {
  return [blockTime, view('tau'), view('toc'), view('bad'), ...ids.map(cfgs)];
}

const CALLS = spBeamConfigCalls();

/**
 * SP-BEAM's configuration from the answers to spBeamConfigCalls(ids). Every answer must be there:
 * a bound half read is no bound, so a reverted or short answer throws (upstream_malformed) and the
 * caller keeps the declared default. Pure.
 *
 * @throws UpstreamError upstream_malformed
 */
export function decodeSpBeamConfig(results: readonly EvmResult[], ids: readonly string[] = SP_BEAM_IDS): SpBeamConfig {
  try {
    if (results.length !== 4 + ids.length) throw new Error(`SP-BEAM read answered ${results.length} results for ${4 + ids.length} calls`);
    const data = results.map((result, index): Hex => {
      if (!result.success) throw new Error(`SP-BEAM read ${index} reverted`);
      return result.returnData;
    });
    const rates: Record<string, SpBeamBounds> = {};
    ids.forEach((id, index) => {
      const answer = data[4 + index]!;
      rates[id] = { min: smallAt(answer, 0), max: smallAt(answer, 1), step: smallAt(answer, 2) };
    });
    return { readAt: Number(wordAt(data[0]!, 0)), tauSeconds: Number(wordAt(data[1]!, 0)), lastSetAt: Number(wordAt(data[2]!, 0)), halted: wordAt(data[3]!, 0) === 1n, rates };
  } catch (error) {
    throw upstreamMalformed('ethereum', error);
  }
}

/**
 * SP-BEAM's bounds as the chain holds them now (`cfgs` of both savings rates and every SP-BEAM
 * ilk, `tau`, `toc`, `bad`, and the block's time), in one round on the shared Ethereum reader: one
 * aggregate3 eth_call, sent in the same HTTP request as any other module's reads due in the window.
 *
 * @throws UpstreamError when the upstream fails or answers what cannot be decoded.
 * @example const config = await readSpBeamConfig(ethereumReader(upstreams.ethereum), signal);
 */
export async function readSpBeamConfig(reader: EvmReader, signal?: AbortSignal): Promise<SpBeamConfig> {
  return decodeSpBeamConfig(await reader.read(CALLS, { ...(signal && { signal }) }));
}
