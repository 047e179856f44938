import { type Abi, decodeFunctionResult } from 'viem';
import { base, mainnet } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { blockNumberCall, ethereumReader, evmReader, expectSuccess, multicall3Abi } from '../../shared/upstream/clients/ethereumReader.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { fakeEvmNode } from '../support/fakeEvmNode.js';
import { upstreamCodeOf } from '../support/faultCases.js';
import { COUNTING_POLICY } from './replayHarness.js';

/*
 * The shared batched reader on any EVM upstream: each upstream's reader checks that upstream's own
 * chain. Synthetic nodes (test/modules/morpho/fakeEvmNode.ts) answering Multicall3's block number.
 */
const node = (chainId: `0x${string}`) => fakeEvmNode([], { chainId, answer: () => ({ abi: multicall3Abi as unknown as Abi, result: 8_453_000n }) });
const upstreamsOn = (fetch: ReturnType<typeof node>['fetch']) => createUpstreams({ endpoints: { ethereum: 'http://ethereum.invalid', base: 'http://base.invalid' }, fetch, policy: COUNTING_POLICY, env: {} });

describe('evmReader', () => {
  it('reads the base upstream when it answers as Base (0x2105)', async () => {
    const upstreams = upstreamsOn(node('0x2105').fetch);
    const [result] = await evmReader(upstreams.base, base).read([blockNumberCall]);
    expect(decodeFunctionResult({ abi: multicall3Abi, functionName: 'getBlockNumber', data: result!.returnData })).toBe(8_453_000n);
    expect(upstreams.counter.snapshot().base).toMatchObject({ requests: 1, calls: 2 });
  });

  it('fails upstream_wrong_chain, naming base, when the base endpoint serves Ethereum', async () => {
    const upstreams = upstreamsOn(node('0x1').fetch);
    const error = await evmReader(upstreams.base, base).read([blockNumberCall]).catch((reason: unknown) => reason);
    expect(upstreamCodeOf(error)).toBe('upstream_wrong_chain');
    expect((error as Error).message).toMatch(/^base: /);
  });

  it('is one reader per upstream, the same ethereumReader gives for mainnet', () => {
    const upstreams = upstreamsOn(node('0x1').fetch);
    expect(evmReader(upstreams.ethereum, mainnet)).toBe(ethereumReader(upstreams.ethereum));
    expect(evmReader(upstreams.base, base)).toBe(evmReader(upstreams.base, base));
    expect(evmReader(upstreams.base, base)).not.toBe(ethereumReader(upstreams.ethereum));
  });

  it('refuses to read one upstream as two chains: a wiring mistake, never a silently wrong chain check', () => {
    const upstreams = upstreamsOn(node('0x2105').fetch);
    evmReader(upstreams.base, base);
    expect(() => evmReader(upstreams.base, mainnet)).toThrow(/made for chain 8453, not 1/);
  });

  it('names the upstream that answered a read that had to succeed', () => {
    expect(() => expectSuccess({ success: false, returnData: '0x' }, 'Vault.fee', 'base')).toThrow(expect.objectContaining({ code: 'upstream_malformed', message: expect.stringMatching(/^base: /) }));
    expect(() => expectSuccess(undefined, 'Pool.getReservesList')).toThrow(expect.objectContaining({ message: expect.stringMatching(/^ethereum: /) }));
  });
});

