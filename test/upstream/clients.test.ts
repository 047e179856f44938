import { createPublicClient } from 'viem';
import { mainnet } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { connectCosmosHub, UpstreamRpcClient } from '../../shared/upstream/clients/cosmosClient.js';
import { verifyCosmosRest } from '../../shared/upstream/clients/cosmosRest.js';
import { verifyEthereumMainnet } from '../../shared/upstream/clients/ethereumChain.js';
import { ethereumTransport } from '../../shared/upstream/clients/ethereumTransport.js';
import { getJson } from '../../shared/upstream/clients/getJson.js';
import { graphqlQuery } from '../../shared/upstream/clients/graphqlQuery.js';
import { verifySolanaMainnet } from '../../shared/upstream/clients/solanaCluster.js';
import { solanaRpc } from '../../shared/upstream/clients/solanaRpc.js';
import { connectXrpl, readXrpl } from '../../shared/upstream/clients/xrplClient.js';
import { recorded, useReplay } from './replayHarness.js';

const replay = useReplay();

describe('each client library, unchanged, against the replay server', () => {
  it('viem reads the recorded chain id and block number over HTTP', async () => {
    const { ethereum } = replay.upstreams();
    const client = createPublicClient({ chain: mainnet, transport: ethereumTransport(ethereum) });
    const head = recorded<{ result: string }>(replay.fixtures, 'ethereum', (request) => request.method === 'eth_blockNumber');
    expect(await client.getBlockNumber()).toBe(BigInt(head.result));
    await expect(verifyEthereumMainnet(client)).resolves.toBeUndefined();
  });

  it('viem sends a JSON-RPC batch and gets each call its recorded answer', async () => {
    const { ethereum, counter } = replay.upstreams();
    const client = createPublicClient({ chain: mainnet, transport: ethereumTransport(ethereum, { batch: true }) });
    const [chainId, block] = await Promise.all([client.getChainId(), client.getBlockNumber()]);
    const recordedChain = recorded<{ result: string }>(replay.fixtures, 'ethereum', (request) => request.method === 'eth_chainId');
    expect(chainId).toBe(Number(recordedChain.result));
    expect(block).toBeGreaterThan(0n);
    expect(counter.snapshot().ethereum).toMatchObject({ requests: 1, calls: 2 });
  });

  it('@solana/kit reads version, slot (as bigint) and genesis hash', async () => {
    const rpc = solanaRpc(replay.upstreams().solana);
    const version = recorded<{ result: Record<string, unknown> }>(replay.fixtures, 'solana', (request) => request.method === 'getVersion');
    const slot = recorded<{ result: number }>(replay.fixtures, 'solana', (request) => request.method === 'getSlot');
    expect(await rpc.getVersion().send()).toEqual(version.result);
    expect(await rpc.getSlot().send()).toBe(BigInt(slot.result));
    await expect(verifySolanaMainnet(rpc)).resolves.toBeUndefined();
  });

  it('cosmjs detects CometBFT 0.38 and reads chain id and height through StargateClient', async () => {
    const status = recorded<{ result: { node_info: { network: string }; sync_info: { latest_block_height: string } } }>(
      replay.fixtures,
      'cosmosRpc',
      (request) => request.method === 'status',
    );
    const { comet, stargate, chainId } = await connectCosmosHub(replay.upstreams().cosmosRpc);
    expect(comet.constructor.name).toBe('Comet38Client');
    expect(chainId).toBe(status.result.node_info.network);
    expect(await stargate.getChainId()).toBe(status.result.node_info.network);
    expect(await stargate.getHeight()).toBe(Number(status.result.sync_info.latest_block_height));
  });

  it('cosmjs makes no request on a signal aborted before connecting, and rejects with its reason', async () => {
    const upstreams = replay.upstreams();
    await expect(connectCosmosHub(upstreams.cosmosRpc, AbortSignal.abort(new Error('scan gave up')))).rejects.toThrow('scan gave up');
    expect(upstreams.counter.snapshot().cosmosRpc?.requests ?? 0).toBe(0);
  });

  it('cosmjs queries after the connection are bounded by the connection’s signal', async () => {
    const controller = new AbortController();
    const { stargate } = await connectCosmosHub(replay.upstreams().cosmosRpc, controller.signal);
    controller.abort(new Error('feed deadline'));
    await expect(stargate.getHeight()).rejects.toThrow('feed deadline');
  });

  it('the LCD answers node_info by path', async () => {
    const { cosmosRest } = replay.upstreams();
    const info = await getJson<{ application_version: { app_name: string } }>(cosmosRest, '/cosmos/base/tendermint/v1beta1/node_info');
    expect(info.application_version.app_name).toBe('gaiad');
    await expect(verifyCosmosRest(cosmosRest)).resolves.toBeUndefined();
  });

  it('Snapshot GraphQL matches by operation and variables, whatever the query layout', async () => {
    const exchange = replay.fixtures.find((file) => file.upstream === 'snapshot')!.exchanges[0] as {
      request: { operationName: string; query: string; variables: Record<string, unknown> };
      response: { data: { proposals: { id: string }[] } };
    };
    const data = await graphqlQuery<{ proposals: { id: string }[] }>(replay.upstreams().snapshot, {
      operationName: exchange.request.operationName,
      query: exchange.request.query.replace(/\n\s*/g, ' '),
      // Same variables, keys in another order.
      variables: Object.fromEntries(Object.entries(exchange.request.variables).reverse()),
    });
    expect(data.proposals.map((proposal) => proposal.id)).toEqual(exchange.response.data.proposals.map((proposal) => proposal.id));
  });

  it('xrpl.js connects over WebSocket and reads server_info', async () => {
    const upstream = replay.upstreams().xrpl;
    const client = await connectXrpl(upstream);
    try {
      // connectXrpl's mainnet check is its one request.
      expect(upstream.counter.snapshot().xrpl?.requests).toBe(1);
      const info = recorded<{ result: { info: { build_version: string; validated_ledger: { seq: number } } } }>(
        replay.fixtures,
        'xrpl',
        (request) => request.command === 'server_info',
      );
      const answer = await readXrpl(client, upstream, { command: 'server_info' });
      expect(answer.result.info.build_version).toBe(info.result.info.build_version);
      expect(answer.result.info.validated_ledger?.seq).toBe(info.result.info.validated_ledger.seq);
    } finally {
      await client.disconnect();
    }
  });
});

describe('an upstream JSON-RPC error through @solana/kit', () => {
  it('fails as an UpstreamError in our wording, with the node’s code and message', async () => {
    replay.expectMisses(1);
    // Nothing records getEpochInfo: the replay server answers -32601, as a node does for a method it lacks.
    const rpc = solanaRpc(replay.upstreams().solana);
    await expect(rpc.getEpochInfo().send()).rejects.toMatchObject({ name: 'UpstreamError', code: 'upstream_error', message: expect.stringMatching(/^solana: JSON-RPC error -32601/) });
  });
});

describe('an upstream JSON-RPC error through cosmjs’s RpcClient', () => {
  it('fails as an UpstreamError that keeps the node’s error text', async () => {
    replay.expectMisses(1);
    // Nothing records net_info: the replay server answers -32601, as a node does for a method it lacks.
    const rpc = new UpstreamRpcClient(replay.upstreams().cosmosRpc);
    await expect(rpc.execute({ jsonrpc: '2.0', id: 1, method: 'net_info', params: {} })).rejects.toMatchObject({ name: 'UpstreamError', code: 'upstream_error', message: expect.stringContaining('-32601') });
  });
});
