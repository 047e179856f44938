import { StargateClient } from '@cosmjs/stargate';
import { Comet1Client, Comet38Client, type CometClient, type RpcClient, Tendermint37Client } from '@cosmjs/tendermint-rpc';
import { UpstreamError, upstreamMalformed, upstreamStatus } from '../errors.js';
import { type Upstream, withSignal } from '../upstreams.js';
import { assertChain, CHAINS } from '../chainIdentity.js';

type JsonRpcRequest = Parameters<RpcClient['execute']>[0];
type JsonRpcSuccessResponse = Awaited<ReturnType<RpcClient['execute']>>;

/**
 * A cosmjs RpcClient (what its HttpClient is) over the CometBFT upstream, so cosmjs requests get
 * the upstream's deadline, retries and counting. Same contract as HttpClient: an HTTP error or a
 * JSON-RPC error rejects; a success resolves with the JSON-RPC envelope.
 */
export class UpstreamRpcClient implements RpcClient {
  constructor(private readonly upstream: Upstream) {}

  async execute(request: JsonRpcRequest): Promise<JsonRpcSuccessResponse> {
    const response = await this.upstream.fetch(this.upstream.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    if (response.status >= 400) throw upstreamStatus(this.upstream.id, response.status);
    let body: { error?: unknown; result?: unknown; id?: unknown; jsonrpc?: unknown };
    try {
      body = (await response.json()) as typeof body;
    } catch (error) {
      throw upstreamMalformed(this.upstream.id, error);
    }
    // cosmjs's HttpClient throws the JSON-RPC error as JSON text; the message keeps that text, in an
    // UpstreamError so that scans and builds can show it (describeFailure) and count it as the node's.
    if (body.error !== undefined) throw new UpstreamError('upstream_error', this.upstream.id, `JSON-RPC error ${JSON.stringify(body.error).slice(0, 200)}`);
    if (body.jsonrpc !== '2.0' || !('result' in body)) throw upstreamMalformed(this.upstream.id, new Error('not a JSON-RPC 2.0 response'));
    return body as JsonRpcSuccessResponse;
  }

  disconnect(): void {
    // Nothing held open: every request is its own HTTP request.
  }
}

export interface CosmosConnection {
  comet: CometClient;
  stargate: StargateClient;
  chainId: string;
}

/**
 * Connects to the Cosmos Hub through the upstream: one `status` call detects the CometBFT version
 * (as cosmjs's connectComet does) and checks the chain id, then the right Comet client and a
 * StargateClient share the same RpcClient. With `signal`, every HTTP request of the connection
 * (the `status` call and all later queries) is bounded by it as well as by the upstream's deadline:
 * cosmjs takes no AbortSignal, so the signal rides on the upstream's fetch instead.
 *
 * @throws UpstreamError upstream_wrong_chain when the node is not on cosmoshub-4; the signal's
 *   reason when it is aborted.
 * @example const { comet } = await connectCosmosHub(upstreams.cosmosRpc, context.signal)
 */
export async function connectCosmosHub(upstream: Upstream, signal?: AbortSignal): Promise<CosmosConnection> {
  signal?.throwIfAborted();
  const rpc = new UpstreamRpcClient(withSignal(upstream, signal));
  const probe = Tendermint37Client.create(rpc);
  const { nodeInfo } = await probe.status();
  assertChain(upstream.id, CHAINS.cosmosHub, nodeInfo.network);
  const comet: CometClient = nodeInfo.version.startsWith('0.38.')
    ? Comet38Client.create(rpc)
    : nodeInfo.version.startsWith('1.')
      ? Comet1Client.create(rpc)
      : probe;
  return { comet, stargate: StargateClient.create(comet), chainId: nodeInfo.network };
}

/**
 * A Comet client for abci_query reads with the chain check beside them instead of before them:
 * abci_query's JSON is the same on CometBFT 0.37, 0.38 and 1.x, so reads need no version probe,
 * and a scan waits one round trip, not two. `checked` rejects (upstream_wrong_chain) when the node
 * is not on cosmoshub-4; callers must await it with the reads (guardedBy) before trusting any
 * answer. `signal` bounds every request, as in connectCosmosHub.
 *
 * @example
 * const { comet, checked } = openCosmosHubQueries(upstreams.cosmosRpc, signal);
 * const balance = await guardedBy(checked, QueryClient.withExtensions(comet, setupBankExtension).bank.balance(address, 'uatom'));
 */
export function openCosmosHubQueries(upstream: Upstream, signal?: AbortSignal): { comet: CometClient; checked: Promise<void> } {
  signal?.throwIfAborted();
  const comet = Comet38Client.create(new UpstreamRpcClient(withSignal(upstream, signal)));
  const checked = comet.status().then(({ nodeInfo }) => assertChain(upstream.id, CHAINS.cosmosHub, nodeInfo.network));
  return { comet, checked };
}
