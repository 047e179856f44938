import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, encodeFunctionResult, erc20Abi } from 'viem';
import { xLayer } from 'viem/chains';
import { type CurrentValuePlan, readCurrentValuePlans } from '../../../shared/readers/currentValuePlans.js';
import { aggregateCallData, MULTICALL3, multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import type { FixtureFile } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { COUNTING_POLICY } from '../../upstream/replayHarness.js';

/*
 * How a current value that cannot be read on a chain is worded when the chain check (eth_chainId,
 * sent beside the aggregate3) fails: in aggregateCall's words, the node's own for a JSON-RPC error
 * answer, never viem's error name ("failed (MethodNotFoundRpcError)"). Over real HTTP to the replay
 * server, on X Layer; the token and its total supply are SYNTHETIC (made here, never written to fixtures).
 */
const TOKEN = '0x000000000000000000000000000000000000dEaD';
const call = { target: TOKEN, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' }) } as const;
const PLANS: CurrentValuePlan[] = [{ calls: [call], value: ([result]) => ({ value: Number(BigInt(result!.returnData)) }) }, { notRead: 'a listing replaces no value' }];

/** SYNTHETIC: X Layer's aggregate3 answered (a total supply of 42), and its eth_chainId only when `withChainId`. */
const xLayerFixture = (withChainId: boolean): FixtureFile =>
  ({
    upstream: 'xlayer',
    protocol: 'json-rpc',
    description: 'SYNTHETIC: a token’s totalSupply on X Layer, made in test/feed/currentValues/chainCheckWording.test.ts',
    source: { kind: 'encoded', references: ['test/feed/currentValues/chainCheckWording.test.ts (SYNTHETIC values)'] },
    exchanges: [
      ...(withChainId ? [{ request: { method: 'eth_chainId', params: [] }, response: { jsonrpc: '2.0', result: '0xc4' } }] : []),
      {
        request: { method: 'eth_call', params: [{ to: MULTICALL3, data: aggregateCallData([call]) }, 'latest'] },
        response: { jsonrpc: '2.0', result: encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: [{ success: true, returnData: encodeFunctionResult({ abi: erc20Abi, functionName: 'totalSupply', result: 42n }) }] }) },
      },
    ],
  }) as FixtureFile;

let answered: ReplayServer;
let noChainId: ReplayServer;
beforeAll(async () => {
  [answered, noChainId] = await Promise.all([startReplayServer({ fixtures: [xLayerFixture(true)] }), startReplayServer({ fixtures: [xLayerFixture(false)] })]);
});
afterAll(async () => Promise.all([answered?.close(), noChainId?.close()]));
afterEach(() => answered.faults.clear());

const readOn = (server: ReplayServer) => readCurrentValuePlans(createUpstreams({ endpoints: server.endpoints, policy: COUNTING_POLICY, env: {} }).xlayer, xLayer, PLANS);

describe('a current value whose chain check fails', () => {
  it('reads the value when the chain check passes (the same synthetic answers, eth_chainId recorded)', async () => {
    expect(await readOn(answered)).toEqual([{ value: 42 }, { notRead: 'a listing replaces no value' }]);
  });

  it('quotes the node on a JSON-RPC error answer to eth_chainId, as aggregateCall words its own', async () => {
    expect(await readOn(noChainId)).toEqual([
      { notRead: 'could not be read on X Layer (xlayer: JSON-RPC error -32601: replay: no recorded exchange for eth_chainId)' },
      { notRead: 'a listing replaces no value' },
    ]);
  });

  it('names the HTTP status when the request carrying the chain check fails', async () => {
    answered.faults.inject('xlayer', { kind: 'status', status: 503 });
    expect(await readOn(answered)).toEqual([{ notRead: 'could not be read on X Layer (xlayer: answered HTTP 503)' }, { notRead: 'a listing replaces no value' }]);
  });
});
