import { type Abi, decodeFunctionData, type Hex, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { LIDO } from '../../../shared/modules/lido/exposure/deployment.js';
import { lidoExposure } from '../../../shared/modules/lido/exposure/lidoExposure.js';
import { erc20BalanceAbi } from '../../../shared/upstream/clients/erc20Balance.js';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { syntheticChain, type SyntheticState } from '../../exposure/syntheticChain.js';
import { ABIS, BLOCK, HOLDER, holderState, same } from '../../exposure/syntheticEvmWallet.js';
import { COUNTING_POLICY } from '../../upstream/replayHarness.js';

/*
 * A wallet that held no stETH or wstETH at its last scan on the process is asked its two balances
 * and the block only: no router digests (the largest answer of Lido's round), no TokenRebased logs.
 * One that starts to hold is valued at the probe's block in one request more, logs in it.
 */

const DIGESTS = toFunctionSelector('function getAllStakingModuleDigests()');

/** The synthetic holder's chain with its stETH and wstETH balances switched on and off. */
function lidoChain() {
  const switchable = { holds: false };
  const state: SyntheticState = {
    ...holderState,
    answer(target, functionName, args, block, chain) {
      if (!switchable.holds && functionName === 'balanceOf' && (same(target, LIDO.stETH) || same(target, LIDO.wstETH))) return { abi: erc20BalanceAbi as unknown as Abi, result: 0n };
      return holderState.answer(target, functionName, args, block, chain);
    },
  };
  const chain = syntheticChain(ABIS, state);
  const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: COUNTING_POLICY, env: {} });
  return { switchable, chain, upstreams };
}

/** The inner calls of each eth_call an exchange list holds, from `from` on. */
function innerCalls(exchanges: readonly { request: { method: string; params?: unknown } }[], from: number): { data: Hex; block: string }[] {
  return exchanges.slice(from).flatMap(({ request }) => {
    if (request.method !== 'eth_call') return [];
    const [tx, block] = request.params as [{ data: Hex }, string];
    const { args } = decodeFunctionData({ abi: multicall3Abi, data: tx.data });
    return (args[0] as readonly { callData: Hex }[]).map(({ callData }) => ({ data: callData, block }));
  });
}

describe('Lido’s probe of a wallet that held nothing (synthetic chain)', () => {
  const wallet = { kind: 'evm', address: HOLDER } as const;
  const context = (upstreams: ReturnType<typeof lidoChain>['upstreams']) => ({ signal: new AbortController().signal, now: new Date('2026-11-26T12:00:00Z'), upstreams });

  it('asks an empty wallet its balances and the block, in one request, with no logs and no router digests, scan after scan', async () => {
    const { chain, upstreams } = lidoChain();
    const exposure = lidoExposure();
    for (let scan = 1; scan <= 3; scan++) {
      const from = chain.exchanges.length;
      expect(await exposure.readPositions(wallet, context(upstreams))).toEqual([]);
      expect(upstreams.counter.snapshot().ethereum.requests).toBe(scan);
      expect(chain.exchanges.slice(from).map(({ request }) => request.method)).not.toContain('eth_getLogs');
      const calls = innerCalls(chain.exchanges, from);
      expect(calls).toHaveLength(3);
      expect(calls.map(({ data }) => data.slice(0, 10))).not.toContain(DIGESTS);
    }
  });

  it('values a wallet that starts to hold at the probe’s block in one request more, the same as a full read, then reads it in one request', async () => {
    const { switchable, chain, upstreams } = lidoChain();
    const exposure = lidoExposure();
    await exposure.readPositions(wallet, context(upstreams));
    switchable.holds = true;
    const from = chain.exchanges.length;
    const probed = await exposure.readPositions(wallet, context(upstreams));
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(3);
    // The second request: the valuing reads at the probe's block, and the rebase logs up to it.
    const second = chain.exchanges.slice(from).filter(({ request }) => request.method !== 'eth_chainId');
    expect(second.map(({ request }) => request.method).sort()).toEqual(['eth_call', 'eth_call', 'eth_getLogs']);
    expect(innerCalls(chain.exchanges, from).slice(3).every(({ block }) => block === `0x${BLOCK.toString(16)}`)).toBe(true);
    expect(innerCalls(chain.exchanges, from).map(({ data }) => data.slice(0, 10))).toContain(DIGESTS);
    expect(probed.map(({ position }) => position.id)).toEqual(['lido-steth', 'lido-wsteth']);
    expect(probed.every(({ inputs }) => inputs.stakingModules?.length === 2)).toBe(true);

    // Held now: the next scan reads in full at once (the head known, its logs beside it): the same positions as the probe's.
    const before = upstreams.counter.snapshot().ethereum.requests;
    const again = await exposure.readPositions(wallet, context(upstreams));
    expect(upstreams.counter.snapshot().ethereum.requests - before).toBe(1);
    expect(again).toEqual(probed);

  });
});
