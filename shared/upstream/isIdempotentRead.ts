import { ENDPOINTS, type UpstreamId, type UpstreamProtocol } from './endpoints.js';

/*
 * Allow-lists, not deny-lists: a method nobody listed is treated as a write and never retried,
 * so a new write method can never be sent twice by accident.
 */

/** Ethereum's JSON-RPC reads, the same on every EVM chain (the endpoint table marks them `evm`). */
const EVM_READ_METHODS =
  /^(eth_(call|chainId|blockNumber|get[A-Za-z]+|estimateGas|gasPrice|feeHistory|maxPriorityFeePerGas|syncing)|net_version|web3_clientVersion)$/;

/** The JSON-RPC upstreams that speak something other than Ethereum's dialect. */
const OTHER_READ_METHODS: Partial<Record<UpstreamId, RegExp>> = {
  solana: /^(get[A-Za-z]+|isBlockhashValid|minimumLedgerSlot)$/,
  cosmosRpc:
    /^(status|health|abci_info|abci_query|block|block_by_hash|block_results|block_search|blockchain|commit|consensus_params|genesis|genesis_chunked|header|header_by_hash|net_info|num_unconfirmed_txs|tx|tx_search|validators)$/,
};

/** An upstream's JSON-RPC read list; undefined (everything a write) for one nobody listed. */
const readMethodsOf = (id: UpstreamId): RegExp | undefined => (ENDPOINTS[id].evm ? EVM_READ_METHODS : OTHER_READ_METHODS[id]);

/** rippled commands that only read (xrpl.js request types); submit, sign and subscribe are not here. */
const XRPL_READ_COMMANDS =
  /^(account_(channels|currencies|info|lines|nfts|objects|offers|tx)|amm_info|book_offers|deposit_authorized|feature|fee|gateway_balances|ledger|ledger_closed|ledger_current|ledger_data|ledger_entry|nft_buy_offers|nft_sell_offers|noripple_check|ripple_path_find|server_definitions|server_info|server_state|tx|version)$/;

export interface OutgoingRequest {
  method: string;
  body?: string | undefined;
}

const parse = (body: string | undefined): unknown => {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
};

/** The JSON-RPC method names of a parsed body (one call or a batch), or undefined if it is not JSON-RPC. */
function jsonRpcMethods(parsed: unknown): string[] | undefined {
  const calls = Array.isArray(parsed) ? parsed : [parsed];
  const methods = calls.map((call) => (call && typeof call === 'object' ? (call as { method?: unknown }).method : undefined));
  return methods.length > 0 && methods.every((method): method is string => typeof method === 'string') ? methods : undefined;
}

/** What the upstream layer needs to know of a request before sending it. */
export interface RequestClass {
  /** Whether it may be sent again after a failure without changing anything upstream. */
  idempotent: boolean;
  /** How many upstream calls the HTTP body carries: the batch length for JSON-RPC, else one. */
  calls: number;
}

/**
 * Classifies a request, parsing its body once. Pure.
 * Idempotent: REST GET and HEAD; JSON-RPC when every call of the body (or batch) is on the
 * upstream's read list; GraphQL a query, never a mutation or subscription.
 */
export function classifyRequest(id: UpstreamId, protocol: UpstreamProtocol, request: OutgoingRequest): RequestClass {
  const method = request.method.toUpperCase();
  const parsed = method === 'POST' ? parse(request.body) : undefined;
  const methods = protocol === 'json-rpc' ? jsonRpcMethods(parsed) : undefined;
  const calls = methods?.length ?? 1;
  if (method === 'GET' || method === 'HEAD') return { idempotent: true, calls };
  if (method !== 'POST') return { idempotent: false, calls };
  if (protocol === 'json-rpc') {
    const reads = readMethodsOf(id);
    return { idempotent: Boolean(reads && methods && methods.every((name) => reads.test(name))), calls };
  }
  if (protocol === 'graphql') {
    const query = (parsed as { query?: unknown } | undefined)?.query;
    if (typeof query !== 'string') return { idempotent: false, calls };
    const operation = query.replace(/#[^\n]*/g, '').trimStart();
    return { idempotent: operation.startsWith('{') || /^query\b/.test(operation), calls };
  }
  return { idempotent: false, calls };
}

/** Whether a request may be sent again after a failure without changing anything upstream. Pure. */
export const isIdempotentRead = (id: UpstreamId, protocol: UpstreamProtocol, request: OutgoingRequest): boolean => classifyRequest(id, protocol, request).idempotent;

/** Whether an XRPL WebSocket command only reads. Pure. */
export const isXrplRead = (command: string): boolean => XRPL_READ_COMMANDS.test(command);
