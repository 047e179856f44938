import { type Address, encodeFunctionData, parseAbi } from 'viem';
import type { NoVoteBoundsContext, ParameterBound } from '../../../envelopes/noVoteBounds.js';
import { evmReader } from '../../../upstream/clients/ethereumReader.js';
import type { EvmCall, EvmResult } from '../../../upstream/clients/evmCall.js';
import { describeFailure } from '../../../upstream/describeFailure.js';
import type { UpstreamId } from '../../../upstream/endpoints.js';
import { upstreamMalformed } from '../../../upstream/errors.js';
import { sharedReads, upstreamReadMemo } from '../../../upstream/upstreamReadMemo.js';
import type { Upstream } from '../../../upstream/upstreams.js';
import { decodeBool, decodeEModeTimelock, decodeRiskConfig, decodeTimelock, type RiskParam } from './riskStewardWords.js';
import { type StewardBoundsMarket, stewardBoundsMarkets } from './stewardBoundsMarkets.js';

/** The steward views read (aave-dao/aave-v3-risk-stewards src/interfaces/IRiskSteward.sol @ab49968). */
const stewardAbi = parseAbi([
  'function getRiskConfig() view returns (uint256)',
  'function getTimelock(address asset) view returns (uint256)',
  'function getEModeTimelock(uint8 eModeCategoryId) view returns (uint256)',
  'function isAddressRestricted(address contractAddress) view returns (bool)',
  'function isEModeCategoryRestricted(uint8 eModeCategoryId) view returns (bool)',
]);

/** One view asked, and what its answer feeds. */
type Ask =
  | { kind: 'config'; steward: 'manual' | 'edge'; market: string; call: EvmCall }
  | { kind: 'timelock'; market: string; key: string; call: EvmCall }
  | { kind: 'eModeTimelock'; steward: 'manual' | 'edge'; market: string; key: string; call: EvmCall }
  | { kind: 'restricted'; market: string; key: string; call: EvmCall };

const call = (target: Address, data: Parameters<typeof encodeFunctionData<typeof stewardAbi>>[0]): EvmCall => ({ target, callData: encodeFunctionData(data) });

/** The views one chain is asked for its accounts' markets, in a fixed order (the request is then the same for the same accounts). Pure. */
export function stewardAsks(markets: readonly StewardBoundsMarket[], accounts: NoVoteBoundsContext['accounts']): Ask[] {
  const asks: Ask[] = [];
  for (const market of markets) {
    const account = accounts.find((entry) => entry.market === market.market);
    if (!account) continue;
    const steward = market.riskSteward;
    asks.push({ kind: 'config', steward: 'manual', market: market.market, call: call(steward, { abi: stewardAbi, functionName: 'getRiskConfig' }) });
    for (const symbol of [...new Set(account.collateral.map((collateral) => collateral.asset.toLowerCase()))].sort()) {
      const asset = market.assetsBySymbol.get(symbol);
      if (!asset) continue;
      asks.push({ kind: 'timelock', market: market.market, key: symbol, call: call(steward, { abi: stewardAbi, functionName: 'getTimelock', args: [asset] }) });
      asks.push({ kind: 'restricted', market: market.market, key: symbol, call: call(steward, { abi: stewardAbi, functionName: 'isAddressRestricted', args: [asset] }) });
    }
    if (account.eMode) {
      const id = account.eMode.id;
      asks.push({ kind: 'eModeTimelock', steward: 'manual', market: market.market, key: String(id), call: call(steward, { abi: stewardAbi, functionName: 'getEModeTimelock', args: [id] }) });
      asks.push({ kind: 'restricted', market: market.market, key: String(id), call: call(steward, { abi: stewardAbi, functionName: 'isEModeCategoryRestricted', args: [id] }) });
    }
    if (market.edgeEMode && account.eMode && market.edgeEMode.categories.includes(account.eMode.id)) {
      asks.push({ kind: 'config', steward: 'edge', market: market.market, call: call(market.edgeEMode.steward, { abi: stewardAbi, functionName: 'getRiskConfig' }) });
      asks.push({ kind: 'eModeTimelock', steward: 'edge', market: market.market, key: String(account.eMode.id), call: call(market.edgeEMode.steward, { abi: stewardAbi, functionName: 'getEModeTimelock', args: [account.eMode.id] }) });
    }
  }
  return asks;
}

/** What one market's stewards hold, as read. */
export interface StewardMarketRead {
  market: string;
  manual: Map<string, RiskParam>;
  edge?: Map<string, RiskParam>;
  /** By parameter, then by lower-case symbol or eMode id: the last update, unix seconds (0 never is left out). */
  manualLast: Map<string, Map<string, number>>;
  edgeLast: Map<string, Map<string, number>>;
  restricted: (string | number)[];
  /** Why a steward's config was not used (it reverted, or answered a layout not known): its declared defaults stand in. */
  manualUnread?: string;
  edgeUnread?: string;
}

/** The answers of one chain's asks, by market; a config that reverts or does not decode is marked unread, with why. Pure. */
export function stewardReads(asks: readonly Ask[], results: readonly EvmResult[], upstream: UpstreamId): Map<string, StewardMarketRead> {
  const reads = new Map<string, StewardMarketRead>();
  const readOf = (market: string) => {
    let read = reads.get(market);
    if (!read) reads.set(market, (read = { market, manual: new Map(), manualLast: new Map(), edgeLast: new Map(), restricted: [] }));
    return read;
  };
  const remember = (into: Map<string, Map<string, number>>, last: Map<string, number>, key: string) => {
    for (const [parameter, at] of last) if (at > 0) into.set(parameter, (into.get(parameter) ?? new Map()).set(key, at));
  };
  asks.forEach((ask, index) => {
    const result = results[index]!;
    const read = readOf(ask.market);
    try {
      if (ask.kind === 'config') {
        if (!result.success) throw new Error('getRiskConfig() reverted');
        if (ask.steward === 'manual') read.manual = decodeRiskConfig(result.returnData);
        else read.edge = decodeRiskConfig(result.returnData);
        return;
      }
      // A timelock or a restriction that reverts or does not decode is left unread: the first step is then at once, and nothing is restricted.
      if (!result.success) return;
      if (ask.kind === 'timelock') remember(read.manualLast, decodeTimelock(result.returnData), ask.key);
      else if (ask.kind === 'eModeTimelock') remember(ask.steward === 'edge' ? read.edgeLast : read.manualLast, decodeEModeTimelock(result.returnData), ask.key);
      else if (decodeBool(result.returnData, 'a restriction')) read.restricted.push(/^\d+$/.test(ask.key) ? Number(ask.key) : ask.key);
    } catch (error) {
      if (ask.kind !== 'config') return;
      const because = `its ${ask.steward === 'edge' ? 'Edge eMode steward' : 'RiskSteward'} could not be read (${describeFailure(upstreamMalformed(upstream, error))})`;
      if (ask.steward === 'manual') read.manualUnread = because;
      else read.edgeUnread = because;
    }
  });
  return reads;
}

/**
 * Each view's answer on an upstream object, shared while it is in flight and for a minute after it
 * started, about as long as a scan keeps the positions it was read for: scans at once share one
 * request, and a wallet new to the process whose views other wallets asked within the minute costs
 * none (a market's config is every holder's; a collateral's timelock, every holder of it), where a
 * memo of each wallet's whole set of asks made every new wallet wait a round trip after its
 * positions. Only the views not held are asked; a failed read is forgotten at once, so the next
 * scan asks again.
 */
const answers = upstreamReadMemo<Promise<EvmResult>>(60_000);
const viewKey = (ask: Ask) => `${ask.call.target}${ask.call.callData}`;

/** What the reader hands back: per market, what was read, or why it was not. */
export type StewardBoundsRead = Map<string, { read: StewardMarketRead } | { unreadBecause: string }>;

/**
 * The stewards of every market the accounts are in, read on each chain at once: one round of the
 * chain's shared reader (evmReader: one aggregate3 eth_call beside its eth_chainId check, in one
 * HTTP request shared with any other reads due in the reader's window, concurrent scans' included).
 * A chain that fails leaves its markets with the reason, never a guess.
 */
export async function readStewardBounds(context: NoVoteBoundsContext): Promise<StewardBoundsRead> {
  const byChain = new Map<UpstreamId, StewardBoundsMarket[]>();
  for (const market of stewardBoundsMarkets()) if (context.accounts.some((account) => account.market === market.market)) byChain.set(market.upstream, [...(byChain.get(market.upstream) ?? []), market]);
  const out: StewardBoundsRead = new Map();
  await Promise.all(
    [...byChain].map(async ([upstreamId, markets]) => {
      const asks = stewardAsks(markets, context.accounts);
      const upstream: Upstream | undefined = context.upstreams[upstreamId];
      try {
        if (!upstream) throw new Error(`no ${upstreamId} upstream is configured`);
        const byKey = new Map(asks.map((ask) => [viewKey(ask), ask]));
        const reader = evmReader(upstream, markets[0]!.viemChain);
        const results = await sharedReads(answers, upstream, asks.map(viewKey), (missing) => reader.read(missing.map((key) => byKey.get(key)!.call), { signal: context.signal }));
        const reads = stewardReads(asks, results, upstreamId);
        for (const market of markets) {
          const read = reads.get(market.market);
          if (read) out.set(market.market, { read });
        }
      } catch (error) {
        const because = `its steward could not be read (${context.signal.aborted ? `${upstreamId}: no answer in time` : describeFailure(error)})`;
        for (const market of markets) out.set(market.market, { unreadBecause: because });
      }
    }),
  );
  return out;
}

/** The declared bounds a market's read replaces: each with the chain's step and delay, its restrictions and last changes. Pure. */
export function boundsFromRead(declared: readonly ParameterBound[], market: StewardBoundsMarket, read: StewardMarketRead): ParameterBound[] {
  const where = (steward: Address, view: string) => ({
    source: `${view} of ${steward} on ${market.viemChain.name}, read at scan time`,
    sourceUrl: `${market.explorer}/address/${steward}#readContract`,
  });
  return declared.flatMap((bound): ParameterBound[] => {
    const edge = bound.mechanisms.includes('riskOracle');
    const unread = edge ? read.edgeUnread : read.manualUnread;
    if (unread) return [{ ...bound, markets: [market.market], unreadBecause: unread }];
    const params = edge ? read.edge : read.manual;
    // The Edge eMode steward, not asked (the account is in no category it may move), keeps its declared bound: it reaches no threshold of this account.
    if (!params) return [{ ...bound, markets: [market.market] }];
    const param = params.get(bound.parameter);
    // The deployed steward cannot move it (a first steward has no eMode config): no bound to assume.
    if (!param) return [];
    const last = (edge ? read.edgeLast : read.manualLast).get(bound.parameter);
    return [
      {
        ...bound,
        markets: [market.market],
        largestStep: bound.largestStep.kind === 'relative' ? { kind: 'relative', share: param.maxPercentChange / 10_000 } : { kind: 'absolute', bps: param.maxPercentChange },
        // A zero debounce lets the steward act every block: one step a second bounds that from above.
        minDelaySeconds: Math.max(1, param.minDelaySeconds),
        ...(!edge && read.restricted.length > 0 && { restricted: [...(bound.restricted ?? []), ...read.restricted] }),
        ...(last && last.size > 0 && { lastChangedAt: Object.fromEntries(last) }),
        origin: 'chain',
        ...where(edge ? market.edgeEMode!.steward : market.riskSteward, 'getRiskConfig()'),
      },
    ];
  });
}
