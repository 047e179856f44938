import { type Abi, decodeFunctionData, encodeAbiParameters, encodeFunctionResult, type Hex, toEventSelector, toFunctionSelector } from 'viem';
import { AAVE_MARKETS } from '../../shared/modules/aave/exposure/markets.js';
import { SPARKLEND_ETHEREUM_MARKET, SPARKLEND_GNOSIS_MARKET } from '../../shared/modules/spark/exposure/deployment.js';
import { PAYLOAD_CHAINS } from '../../shared/modules/aave/payloadChains.js';
import { COMET_MARKETS } from '../../shared/modules/compound/exposure/markets.js';
import { hexChainId } from '../../shared/upstream/chainIdentity.js';
import { uiPoolDataProviderAbi } from '../../shared/readers/lendingPool/lendingPoolAbi.js';
import { multicall3Abi, MULTICALL3 } from '../../shared/upstream/clients/ethereumReader.js';
import { ENDPOINTS, type UpstreamId } from '../../shared/upstream/endpoints.js';
import type { FetchFn } from '../../shared/upstream/upstreamFetch.js';

/*
 * A stand-in Ethereum node for tests of request COUNTS and aggregation only: it answers eth_chainId,
 * Multicall3 aggregate3 eth_calls (each inner call from `state`) and eth_getLogs, and remembers every
 * exchange so a test can serve them again from the replay server. Its values are synthetic test
 * vectors, never written to test/fixtures and never asserted as facts about a chain.
 */

export interface SyntheticState {
  /** Inner call → [abi, values] to encode, or undefined to revert; `chain` is the upstream asked (`ethereum`, `arbitrum`…). */
  answer(target: string, functionName: string, args: readonly unknown[], block: string, chain?: UpstreamId): { abi: Abi; result: unknown } | undefined;
  /** eth_getLogs → logs (data and topics) for (address, topic0, from, to). */
  logs?(address: string, topic0: string, fromBlock: string, toBlock: string): { data: Hex; topics: Hex[]; blockNumber: Hex }[];
}

const ZKSYNC_MULTICALL3 = '0xf9cda624fbc7e059355ce98a31693d299facd963';

export interface RecordedExchange {
  request: { method: string; params?: unknown };
  response: Record<string, unknown>;
}

/** Each ABI's function selectors, computed once: a scan's round decodes hundreds of inner calls, and a failed decode is slow. */
const selectorsOf = new WeakMap<Abi, Set<string>>();
const hasSelector = (abi: Abi, selector: string): boolean => {
  let selectors = selectorsOf.get(abi);
  if (!selectors) selectorsOf.set(abi, (selectors = new Set(abi.filter((item) => item.type === 'function').map((item) => toFunctionSelector(item)))));
  return selectors.has(selector);
};

/** Decodes an inner call with any of `abis` (the first, in order, that has its selector). */
function decodeAny(abis: readonly Abi[], data: Hex): { abi: Abi; functionName: string; args: readonly unknown[] } {
  for (const abi of abis) {
    if (!hasSelector(abi, data.slice(0, 10))) continue;
    try {
      const decoded = decodeFunctionData({ abi, data });
      return { abi, functionName: decoded.functionName, args: (decoded.args ?? []) as readonly unknown[] };
    } catch {
      // not this ABI
    }
  }
  throw new Error(`synthetic chain: no ABI decodes ${data.slice(0, 10)}`);
}

/** Each EVM upstream's eth_chainId: Ethereum's, those of the chains Aave payloads run on, and those of the Comets' chains (Unichain's is no Aave chain). */
const CHAIN_IDS: ReadonlyMap<UpstreamId, string> = new Map<UpstreamId, string>([
  ['ethereum', '0x1'],
  ...Object.values(PAYLOAD_CHAINS).map(({ upstream, chainId }): [UpstreamId, string] => [upstream, chainId]),
  ...COMET_MARKETS.map(({ chain, viemChain }): [UpstreamId, string] => [chain, hexChainId(viemChain.id)]),
]);
/** The hosts of their default endpoints. */
const DEFAULT_HOSTS: ReadonlyMap<string, UpstreamId> = new Map([...CHAIN_IDS.keys()].map((id) => [new URL(ENDPOINTS[id].defaultUrl).host, id]));

/**
 * The chain a request is for, by its URL: `http://synthetic-<upstream>.invalid/` or an upstream's
 * default endpoint names its chain (answered with that eth_chainId, its exchanges kept apart, since
 * a recording of one upstream is a fixture of its own); any other URL is Ethereum. Every EVM scan
 * reads the morpho vaults on base and the Aave markets and Comets of every chain an upstream serves.
 */
function chainOfUrl(input: string | URL | Request): UpstreamId {
  const host = new URL(input instanceof Request ? input.url : String(input)).host;
  const named = /^synthetic-([a-z]+)\./.exec(host)?.[1] as UpstreamId | undefined;
  if (named && CHAIN_IDS.has(named)) return named;
  return DEFAULT_HOSTS.get(host) ?? 'ethereum';
}

export function syntheticChain(abis: readonly Abi[], state: SyntheticState) {
  const byChain = new Map<UpstreamId, RecordedExchange[]>();
  const exchangesOf = (chain: UpstreamId): RecordedExchange[] => {
    let kept = byChain.get(chain);
    if (!kept) byChain.set(chain, (kept = []));
    return kept;
  };
  const exchanges = exchangesOf('ethereum');
  const baseExchanges = exchangesOf('base');
  const answerCall = (call: { id?: unknown; method: string; params?: unknown[] }, chain: UpstreamId): Record<string, unknown> => {
    let result: unknown;
    if (call.method === 'eth_chainId') result = CHAIN_IDS.get(chain);
    else if (call.method === 'eth_call') {
      const [tx, block] = call.params as [{ to: string; data: Hex }, string];
      // ZKsync Era's Multicall3 is not at the usual address (viem/chains zksync).
      if (tx.to.toLowerCase() !== MULTICALL3.toLowerCase() && tx.to.toLowerCase() !== ZKSYNC_MULTICALL3) throw new Error('synthetic chain: only Multicall3 is called');
      const { args } = decodeFunctionData({ abi: multicall3Abi, data: tx.data });
      const inner = (args[0] as readonly { target: string; callData: Hex }[]).map(({ target, callData }) => {
        const decoded = decodeAny([...abis, multicall3Abi as unknown as Abi, uiPoolDataProviderAbi as unknown as Abi], callData);
        const found = state.answer(target, decoded.functionName, decoded.args, block, chain) ?? (decoded.functionName === 'getUserReservesData' ? uiUserReservesOf(state, decoded.args, block, chain) : undefined);
        if (!found) return { success: false, returnData: '0x' as Hex };
        return { success: true, returnData: encodeFunctionResult({ abi: found.abi, functionName: decoded.functionName, result: found.result } as never) };
      });
      result = encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: inner });
    } else if (call.method === 'eth_getLogs') {
      const [filter] = call.params as [{ address: string; topics: string[]; fromBlock: string; toBlock: string }];
      result = (state.logs?.(filter.address, filter.topics[0]!, filter.fromBlock, filter.toBlock) ?? []).map((log, index) => ({
        address: filter.address,
        ...log,
        logIndex: `0x${index.toString(16)}`,
        transactionIndex: '0x0',
        transactionHash: `0x${'00'.repeat(32)}`,
        blockHash: `0x${'00'.repeat(32)}`,
        removed: false,
      }));
    } else throw new Error(`synthetic chain: ${call.method} is not served`);
    const response = { jsonrpc: '2.0', result };
    exchangesOf(chain).push({ request: { method: call.method, params: call.params }, response });
    return { ...response, id: call.id };
  };
  const fetch: FetchFn = async (input, init) => {
    const body = JSON.parse(String(init?.body)) as unknown;
    const chain = chainOfUrl(input);
    const answer = Array.isArray(body) ? body.map((call) => answerCall(call as never, chain)) : answerCall(body as never, chain);
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, exchanges, baseExchanges, byChain: byChain as ReadonlyMap<UpstreamId, readonly RecordedExchange[]> };
}

/** Each Aave and SparkLend market's pool by its addresses provider, per chain: what UiPoolDataProviderV3 asks provider.getPool() for. */
const POOL_OF_PROVIDER = new Map([...AAVE_MARKETS, SPARKLEND_ETHEREUM_MARKET, SPARKLEND_GNOSIS_MARKET].map((market) => [`${market.chain}:${market.addressesProvider.toLowerCase()}`, market.pool]));

/**
 * UiPoolDataProviderV3.getUserReservesData(provider, user), for a state that does not answer it
 * itself: as the contract builds it from the pool's own views (aave-v3-origin
 * UiPoolDataProviderV3.sol), here from the state's answers to the same market's getReservesList,
 * getUserEMode and each reserve's getUserReserveData, so the one-call probe and the per-reserve
 * reads can never disagree. Scaled balances are the state's balances (its indexes are one ray).
 */
function uiUserReservesOf(state: SyntheticState, args: readonly unknown[], block: string, chain: UpstreamId): { abi: Abi; result: unknown } | undefined {
  const [provider, user] = args as [string, string];
  const pool = POOL_OF_PROVIDER.get(`${chain}:${provider.toLowerCase()}`);
  if (!pool) return undefined;
  const reserves = state.answer(pool, 'getReservesList', [], block, chain)?.result as readonly string[] | undefined;
  const dataProvider = state.answer(provider, 'getPoolDataProvider', [], block, chain)?.result as string | undefined;
  if (!reserves || !dataProvider) return undefined;
  const eMode = state.answer(pool, 'getUserEMode', [user], block, chain)?.result ?? 0n;
  const elements = [];
  for (const asset of reserves) {
    const balances = state.answer(dataProvider, 'getUserReserveData', [asset, user], block, chain)?.result as readonly unknown[] | undefined;
    if (!balances) return undefined;
    elements.push({ underlyingAsset: asset, scaledATokenBalance: balances[0], usageAsCollateralEnabledOnUser: balances[8], scaledVariableDebt: balances[2] });
  }
  return { abi: uiPoolDataProviderAbi as unknown as Abi, result: [elements, Number(eMode)] };
}

/** A TokenRebased log body, for a synthetic holder's APR. */
export const tokenRebasedLog = (values: readonly bigint[], reportTimestamp: bigint, blockNumber: bigint) => ({
  data: encodeAbiParameters(
    values.map(() => ({ type: 'uint256' })),
    values,
  ),
  topics: [toEventSelector('TokenRebased(uint256,uint256,uint256,uint256,uint256,uint256,uint256)'), encodeAbiParameters([{ type: 'uint256' }], [reportTimestamp])],
  blockNumber: `0x${blockNumber.toString(16)}` as Hex,
});
