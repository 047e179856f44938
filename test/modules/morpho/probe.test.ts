import { decodeFunctionData, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { BASE } from '../../../shared/modules/morpho/deployment.js';
import { morphoExposure } from '../../../shared/modules/morpho/exposure/morphoExposure.js';
import { morphoProbe } from '../../../shared/modules/morpho/exposure/readMorphoAccount.js';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import type { Upstreams } from '../../../shared/upstream/upstreams.js';
import type { FakeEvmState } from '../../support/fakeEvmNode.js';
import { memoryChains } from './replayedChains.js';
import { baseHolderState, HOLDER, holderState, MOONWELL_USDC_HOLDING } from './syntheticHolder.js';

/*
 * The probe of a wallet that held nothing on a chain at its last scan (SYNTHETIC holder,
 * syntheticHolder.ts): its balance in each listed vault and position in each listed market, and
 * nothing else; a wallet that has come to hold a vault since gets round one and round two together
 * at the probe's block, one request more.
 */
const wallet: Wallet = { kind: 'evm', address: HOLDER };
const read = (upstreams: Upstreams) => morphoExposure().readPositions(wallet, { signal: AbortSignal.timeout(5_000), now: new Date('2026-11-22T12:00:00Z'), upstreams });

describe('the Morpho probe on a warm reader', () => {
  it('asks an empty wallet its balances alone, then reads a vault it came to hold in one request more, as a fresh read does', async () => {
    const holding = baseHolderState(MOONWELL_USDC_HOLDING);
    let holds = false;
    const base: FakeEvmState = {
      ...holding,
      answer: (call) => {
        if (!holds && (call.functionName === 'balanceOf' || call.functionName === 'position')) return holding.answer!({ ...call, args: call.functionName === 'balanceOf' ? ['0x000000000000000000000000000000000000dEaD'] : [call.args[0], '0x000000000000000000000000000000000000dEaD'] });
        return holding.answer!(call);
      },
    };
    const chains = memoryChains({ ethereum: holderState({ vaultShares: 0n }), base });
    const upstreams = chains.upstreams();
    const baseRequests = () => upstreams.counter.snapshot().base.requests;

    expect((await read(upstreams)).filter(({ position }) => position.chain === 'base')).toEqual([]);
    const cold = baseRequests();
    expect((await read(upstreams)).filter(({ position }) => position.chain === 'base')).toEqual([]);
    expect(baseRequests() - cold).toBe(1);
    const probeCall = chains.nodes.base.exchanges.at(-1)!.request as { method: string; params: [{ data: Hex }] };
    const asked = decodeFunctionData({ abi: multicall3Abi, data: probeCall.params[0].data }).args[0] as readonly { target: string; callData: Hex }[];
    expect(new Set(asked.map(({ target, callData }) => `${target.toLowerCase()}:${callData}`))).toEqual(new Set(morphoProbe(HOLDER, BASE).map(({ target, callData }) => `${target.toLowerCase()}:${callData}`)));

    holds = true;
    const before = baseRequests();
    const found = (await read(upstreams)).filter(({ position }) => position.chain === 'base');
    expect(baseRequests() - before).toBe(2);
    const fresh = memoryChains({ ethereum: holderState({ vaultShares: 0n }), base: holding });
    expect(found).toEqual((await read(fresh.upstreams())).filter(({ position }) => position.chain === 'base'));
    expect(found.map(({ position }) => position.id)).toContain('metamorpho-base-moonwell-flagship-usdc');
    // Held now: the next scan reads in full at once, round one then round two at its block, as a holder's always did.
    const again = baseRequests();
    await read(upstreams);
    expect(baseRequests() - again).toBe(2);
  });
});
