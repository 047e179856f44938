import type { Address, Hex } from 'viem';
import type { ParameterChange } from '../../../domain/parameterChange.js';
import { logBlockTime } from '../../../governance/logBlockTime.js';
import type { RecentLog } from '../../../upstream/clients/readRecentLogs.js';
import { ranVotePayload } from '../aaveLogChain.js';
import { changesOfConfigEvent, type ConfigEventNames } from './changesOfConfigEvents.js';
import { hubAssetKey, reserveKey, type V4ConfigRead } from './readV4ConfigLogs.js';

/** One v4 configuration change made without a vote, as the window's logs tell it. */
export interface V4ConfigItem {
  /** `guardian` for a transaction that only pauses, freezes or halts; `steward` for any other. */
  mechanism: 'steward' | 'guardian';
  /** Unique in the chain: the first log's `block-index`. */
  key: string;
  changes: ParameterChange[];
  /** Block time it applied, unix seconds. */
  appliedAt: bigint;
  transaction: Hex;
  /** Whether the time is estimated from the head (the node gave no blockTimestamp). */
  estimatedTime: boolean;
}

const lower = (value: unknown) => String(value).toLowerCase();
const STOPS = new Set(['paused', 'frozen', 'halted']);
/** Addresses the hub re-emits unchanged beside the field it changes (IHub.AssetConfig is emitted whole): only an earlier value tells a move. */
const STATED_WHEN_MOVED = new Set(['v4RateStrategy', 'v4ReinvestmentController', 'v4FeeReceiver']);
const identity = (change: ParameterChange) => [change.market, change.asset ?? '', change.configKey ?? '', change.parameter].join('|');

/**
 * Every v4 configuration change of the window made without a vote, oldest first. Logs are grouped
 * by transaction:
 * - one that carries the PayloadsController's PayloadExecuted ran a vote's payload: its changes are
 *   the vote's own execution (the vote's item states them from the payload), and no item is made;
 * - any other is a change by a holder of the configurators' roles without a vote, in practice the
 *   v4 RiskSteward, whose updates the council's Safe sends: `steward`, applied at its block; one
 *   whose every change pauses, freezes or halts (which the steward refuses) is an emergency
 *   admin's: `guardian`.
 * Each change states the value before from the window's previous event for the same market, asset,
 * config key and parameter (by any sender), and a value that did not move is left out; with no
 * earlier event the value stands alone, except a hub asset's rate strategy, reinvestment controller
 * and fee receiver, which the event carries whether or not they moved: stated only against an
 * earlier one. An added config key has no earlier event: its values are stated with no `from`. Pure.
 */
export function v4ConfigItems(read: V4ConfigRead): V4ConfigItem[] {
  const { chain, names } = read;
  const marketOfSpoke = new Map(chain.spokes.map((spoke) => [lower(spoke.spoke), spoke.market]));
  const lookups: ConfigEventNames = {
    marketOfSpoke: (spoke) => marketOfSpoke.get(lower(spoke)),
    symbolOfReserve: (spoke, reserveId) => names.reserves.get(reserveKey(spoke, reserveId)),
    symbolOfHubAsset: (hub, assetId) => names.hubAssets.get(hubAssetKey(hub, assetId)),
    marketsOfHubAsset: (hub, assetId) => (names.hubAssetSpokes.get(hubAssetKey(hub, assetId)) ?? []).flatMap((spoke: Address) => marketOfSpoke.get(lower(spoke)) ?? []),
  };
  const byTransaction = new Map<string, RecentLog[]>();
  for (const log of read.logs) byTransaction.set(log.transactionHash, [...(byTransaction.get(log.transactionHash) ?? []), log]);

  const last = new Map<string, number | string>();
  const items: V4ConfigItem[] = [];
  for (const logs of byTransaction.values()) {
    const byVote = ranVotePayload(logs, chain);
    const changes: ParameterChange[] = [];
    const first = logs.find((log) => log.eventName !== 'PayloadExecuted');
    for (const log of logs) {
      const at = `at block ${log.blockNumber} (tx ${log.transactionHash})`;
      for (const change of changesOfConfigEvent({ address: log.address, eventName: log.eventName, args: log.args, at }, lookups)) {
        const before = last.get(identity(change));
        last.set(identity(change), change.to);
        if (before === change.to || (before === undefined && STATED_WHEN_MOVED.has(change.parameter))) continue;
        changes.push(before === undefined ? change : { ...change, from: before });
      }
    }
    if (byVote || !first || changes.length === 0) continue;
    const stopsOnly = changes.every((change) => change.unit === 'state' && STOPS.has(String(change.to)));
    items.push({ mechanism: stopsOnly ? 'guardian' : 'steward', key: `${first.blockNumber}-${first.logIndex}`, changes, appliedAt: logBlockTime(first, read, chain.secondsPerBlock), transaction: first.transactionHash, estimatedTime: first.blockTimestamp === undefined });
  }
  return items;
}
