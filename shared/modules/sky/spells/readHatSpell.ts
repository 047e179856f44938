import { type Address, ContractFunctionExecutionError, ContractFunctionZeroDataError, type PublicClient } from 'viem';
import { verifyEthereumMainnet } from '../../../upstream/clients/ethereumChain.js';
import { MULTICALL3, multicall3Abi } from '../../../upstream/clients/ethereumReader.js';
import { upstreamMalformed } from '../../../upstream/errors.js';
import { SKY_GOVERNANCE } from './deployment.js';
import { chiefAbi, dssExecAbi, pauseAbi } from './governanceAbi.js';

/** The spell that is the chief's hat, as the chain states it, with the GSM delay and the chain's time. */
export interface HatSpellRead {
  spell: Address;
  /** DSPause delay, seconds. */
  delaySeconds: number;
  /** 0 until the spell is scheduled (plotted in the pause); then the earliest cast time, unix seconds. */
  eta: number;
  done: boolean;
  /** Unix seconds after which it can no longer be scheduled. */
  expiration: number;
  description: string;
  /** The chain's time at the read (Multicall3.getCurrentBlockTimestamp), unix seconds: the clock the status is judged by. */
  blockTime: number;
}

/**
 * Reads the hat spell's state as plain eth_calls in two batched requests (so each call is answered
 * on its own by a recording): the chain id, the chief's hat, the pause delay and the chain's time;
 * then the spell's DssExec views eta, done, expiration and description. Every read must succeed: a
 * hat that is no DssExec spell (address 0 when none is lifted) fails the source, and the feed keeps
 * its last good items.
 *
 * @throws UpstreamError (upstream_malformed when the hat is not a spell).
 */
export async function readHatSpell(client: PublicClient): Promise<HatSpellRead> {
  const [, spell, delay, time] = await Promise.all([
    verifyEthereumMainnet(client),
    client.readContract({ address: SKY_GOVERNANCE.chief, abi: chiefAbi, functionName: 'hat' }),
    client.readContract({ address: SKY_GOVERNANCE.pause, abi: pauseAbi, functionName: 'delay' }),
    client.readContract({ address: MULTICALL3, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' }),
  ]);
  const views = await readSpellViews(client, spell, 'the chief\'s hat');
  return { spell, delaySeconds: Number(delay), ...views, blockTime: Number(time) };
}

/**
 * A DssExec spell's eta, done, expiration and description, each its own eth_call (sent in one
 * batched request).
 *
 * @throws UpstreamError upstream_malformed when the address is no DssExec spell (no code answers no data).
 */
export async function readSpellViews(client: PublicClient, spell: Address, what = 'the spell'): Promise<Pick<HatSpellRead, 'eta' | 'done' | 'expiration' | 'description'>> {
  const views = { address: spell, abi: dssExecAbi } as const;
  try {
    const [eta, done, expiration, description] = await Promise.all([
      client.readContract({ ...views, functionName: 'eta' }),
      client.readContract({ ...views, functionName: 'done' }),
      client.readContract({ ...views, functionName: 'expiration' }),
      client.readContract({ ...views, functionName: 'description' }),
    ]);
    return { eta: Number(eta), done, expiration: Number(expiration), description };
  } catch (error) {
    // An address without code answers every view with no data, which viem cannot decode.
    if (error instanceof ContractFunctionExecutionError && error.cause instanceof ContractFunctionZeroDataError) throw upstreamMalformed('ethereum', new Error(`${what} ${spell} is not a DssExec spell`, { cause: error }));
    throw error;
  }
}
