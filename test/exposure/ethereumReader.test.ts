import { type Abi, decodeFunctionResult, encodeFunctionData, getAddress, numberToHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { erc20BalanceAbi } from '../../shared/upstream/clients/erc20Balance.js';
import { blockNumberCall, ethereumReader, MAX_CALLS_PER_AGGREGATE, multicall3Abi, roundCalls } from '../../shared/upstream/clients/ethereumReader.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { COUNTING_POLICY } from '../upstream/replayHarness.js';
import { syntheticChain } from './syntheticChain.js';

// Synthetic vectors: balanceOf(holder i) answers i, to follow each result back to its call.
const holders = Array.from({ length: MAX_CALLS_PER_AGGREGATE + 50 }, (_, i) => getAddress(numberToHex(i + 1, { size: 20 })));
const TOKEN = getAddress('0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84');
const balanceCall = (holder: `0x${string}`) => ({ target: TOKEN, callData: encodeFunctionData({ abi: erc20BalanceAbi, functionName: 'balanceOf', args: [holder] }) });

/** Synthetic answers: balanceOf(holder i) is i; Multicall3.getBlockNumber is `blockOf(the call's block tag)`. */
const balanceOrBlock =
  (blockOf: (block: string) => bigint) =>
  (_target: string, name: string, args: readonly unknown[], block: string) =>
    name === 'getBlockNumber'
      ? { abi: multicall3Abi as unknown as Abi, result: blockOf(block) }
      : { abi: erc20BalanceAbi as unknown as Abi, result: BigInt(holders.indexOf(getAddress(args[0] as string)) + 1) };

const balances = (results: readonly { returnData: `0x${string}` }[]) =>
  results.map((result) => Number(decodeFunctionResult({ abi: erc20BalanceAbi, functionName: 'balanceOf', data: result.returnData })));

describe('ethereumReader', () => {
  it('orders and deduplicates a round’s calls whoever asked first', () => {
    const [a, b] = [balanceCall(holders[0]!), balanceCall(holders[1]!)];
    expect(roundCalls([[b, blockNumberCall], [a, blockNumberCall]])).toEqual(roundCalls([[a], [blockNumberCall, b]]));
    expect(roundCalls([[a, a, blockNumberCall]])).toHaveLength(2);
  });

  it('splits a busy round into several aggregate3 calls, still in one HTTP request, results in each caller’s order', async () => {
    const chain = syntheticChain([erc20BalanceAbi as unknown as Abi], { answer: balanceOrBlock(() => 21_000_000n) });
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: COUNTING_POLICY, env: {} });
    const reader = ethereumReader(upstreams.ethereum);
    const [first, second] = await Promise.all([reader.read(holders.slice(0, 300).map(balanceCall)), reader.read(holders.slice(300).reverse().map(balanceCall))]);

    expect(upstreams.counter.snapshot().ethereum).toMatchObject({ requests: 1, calls: 3 });
    expect(chain.exchanges.filter((exchange) => exchange.request.method === 'eth_call')).toHaveLength(2);
    expect(balances(first)).toEqual(holders.slice(0, 300).map((_, i) => i + 1));
    expect(balances(second)).toEqual(holders.slice(300).map((_, i) => i + 301).reverse());
  });

  it('reads a split round again at the newest block when its latest chunks landed on different blocks', async () => {
    // Each 'latest' aggregate3 lands one block later than the one before.
    let head = 21_000_000n;
    const chain = syntheticChain([erc20BalanceAbi as unknown as Abi], { answer: balanceOrBlock((block) => (block === 'latest' ? (head += 1n) : BigInt(block))) });
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: COUNTING_POLICY, env: {} });
    const results = await ethereumReader(upstreams.ethereum).read(holders.map(balanceCall));

    const blocks = chain.exchanges.filter((exchange) => exchange.request.method === 'eth_call').map((exchange) => (exchange.request.params as unknown[])[1]);
    expect(blocks).toEqual(['latest', 'latest', numberToHex(21_000_002n), numberToHex(21_000_002n)]);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(2);
    expect(balances(results)).toEqual(holders.map((_, i) => i + 1));
  });

  it('is one reader per upstream object, so modules handed the same upstreams share rounds', () => {
    const upstreams = createUpstreams({ env: {} });
    expect(ethereumReader(upstreams.ethereum)).toBe(ethereumReader(upstreams.ethereum));
    expect(ethereumReader(createUpstreams({ env: {} }).ethereum)).not.toBe(ethereumReader(upstreams.ethereum));
  });
});
