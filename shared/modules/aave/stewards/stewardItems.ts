import type { Hex } from 'viem';
import type { ParameterChange } from '../../../domain/parameterChange.js';
import { logBlockTime } from '../../../governance/logBlockTime.js';
import { ranVotePayload } from '../aaveLogChain.js';
import { configuratorChanges, freezeChanges } from './configuratorChanges.js';
import { appliesTo, oracleChanges, type OracleUpdate } from './oracleChanges.js';
import type { StewardChainRead, StewardLog } from './readStewardLogs.js';
import type { StewardMarket } from './stewardChains.js';
import { EXPIRATION_SECONDS, UPDATE_TYPE_OF_TOPIC } from './stewardEvents.js';

/** One change made without a vote, as the window's logs tell it. */
export interface StewardItem {
  mechanism: 'steward' | 'riskOracle' | 'guardian';
  status: 'pending' | 'executed';
  /** Unique in the chain: the first log's `block-index`, or `u<updateId>` for an oracle update. */
  key: string;
  markets: StewardMarket[];
  changes: ParameterChange[];
  /** Block time of the first on-chain signal (the oracle's publication, else the change itself), unix seconds. */
  signalledAt: bigint;
  /** Block time the change applied, for an executed item. */
  appliedAt?: bigint;
  transactions: Hex[];
  /** The oracle update, for a riskOracle item. */
  update?: OracleUpdate;
  /** Whether a time is estimated from the head (the node gave no blockTimestamp). */
  estimatedTime: boolean;
}

const lower = (value: unknown) => String(value).toLowerCase();

/**
 * Every change of the window made without a vote, oldest first. Logs are grouped by transaction:
 * - one that carries PayloadExecuted is a vote's payload (the vote's own item), and is skipped;
 * - one that carries an injector's ActionSucceeded(updateId) applied that oracle update: its
 *   item (keyed by the update) is `executed` at that block, with the configurator's values;
 * - one that carries the risk council's ExecutionSuccess is a manual steward update: `steward`,
 *   its changes those of the instances' configurator logs in it;
 * - any other transaction with ReserveFrozen is an emergency or risk admin's freeze: `guardian`;
 * - configurator logs of any other transaction (other stewards, an admin) are not claimed.
 * An oracle update with no ActionSucceeded is `pending` until its 6 hours run out
 * (EXPIRATION_PERIOD), then dropped: it moved nothing. Pure.
 */
export function stewardItems(read: StewardChainRead): StewardItem[] {
  const { chain } = read;
  const marketOf = new Map(chain.markets.map((market) => [lower(market.configurator), market]));
  const councils = new Set(chain.markets.flatMap((market) => (market.riskCouncil ? [lower(market.riskCouncil)] : [])));
  const injectorMarket = new Map(chain.markets.flatMap((market) => Object.values(market.injectors).map((injector) => [lower(injector), market] as const)));
  const timeOf = (log: StewardLog) => logBlockTime(log, read, chain.secondsPerBlock);
  const estimated = (logs: readonly StewardLog[]) => logs.some((log) => log.blockTimestamp === undefined);
  const isConfigurator = (log: StewardLog) => marketOf.has(lower(log.address));

  const byTransaction = new Map<string, StewardLog[]>();
  for (const log of read.logs) byTransaction.set(log.transactionHash, [...(byTransaction.get(log.transactionHash) ?? []), log]);

  const items: StewardItem[] = [];
  const applied = new Map<bigint, { logs: StewardLog[]; market: StewardMarket; at: bigint }>();
  const seen: StewardLog[] = [];
  for (const logs of byTransaction.values()) {
    const earlier = [...seen];
    seen.push(...logs);
    if (ranVotePayload(logs, chain)) continue;
    const action = logs.find((log) => log.eventName === 'ActionSucceeded' && injectorMarket.has(lower(log.address)));
    if (action) {
      applied.set(action.args.updateId as bigint, { logs, market: injectorMarket.get(lower(action.address))!, at: timeOf(action) });
      continue;
    }
    const configured = logs.filter(isConfigurator);
    if (configured.length === 0) continue;
    const markets = [...new Set(configured.map((log) => marketOf.get(lower(log.address))!))];
    const first = configured[0]!;
    const common = { status: 'executed' as const, key: `${first.blockNumber}-${first.logIndex}`, markets, signalledAt: timeOf(first), appliedAt: timeOf(first), transactions: [first.transactionHash], estimatedTime: estimated([first]) };
    if (logs.some((log) => log.eventName === 'ExecutionSuccess' && councils.has(lower(log.address)))) {
      const changes = configured.flatMap((log) => configuratorChanges(log, marketOf.get(lower(log.address))!, earlier));
      if (changes.length > 0) items.push({ ...common, mechanism: 'steward', changes });
    } else if (configured.some((log) => log.eventName === 'ReserveFrozen')) {
      items.push({ ...common, mechanism: 'guardian', changes: markets.flatMap((market) => freezeChanges(configured, market)) });
    }
  }

  for (const log of read.logs) {
    if (log.eventName !== 'ParameterUpdated' || !chain.riskOracle || lower(log.address) !== lower(chain.riskOracle)) continue;
    const updateType = UPDATE_TYPE_OF_TOPIC.get(lower(log.args.updateType));
    if (!updateType) continue;
    const update: OracleUpdate = {
      updateId: log.args.updateId as bigint,
      updateType,
      market: String(log.args.market),
      newValue: log.args.newValue as Hex,
      referenceId: String(log.args.referenceId ?? ''),
      timestamp: log.args.timestamp as bigint,
    };
    const evidence = `RiskOracle.ParameterUpdated #${update.updateId} (${updateType}) at block ${log.blockNumber} (tx ${log.transactionHash})`;
    const done = applied.get(update.updateId);
    applied.delete(update.updateId);
    const base = { mechanism: 'riskOracle' as const, key: `u${update.updateId}`, signalledAt: update.timestamp, update, estimatedTime: false };
    if (done) {
      // The configurator's own logs state the values applied, and a cap's value before.
      const configured = done.logs.filter((entry) => lower(entry.address) === lower(done.market.configurator));
      const fromChain = configured.flatMap((entry) => configuratorChanges(entry, done.market, []));
      const decoded = oracleChanges(update, done.market, evidence).map((change) => {
        const same = fromChain.find((entry) => entry.parameter === change.parameter && entry.asset === change.asset && entry.eModeCategory === change.eModeCategory);
        return same?.from !== undefined ? { ...change, from: same.from, evidence: `${evidence}; applied: ${same.evidence}` } : change;
      });
      items.push({ ...base, status: 'executed', markets: [done.market], changes: decoded, appliedAt: done.at, transactions: [log.transactionHash, done.logs[0]!.transactionHash], estimatedTime: estimated(done.logs) });
    } else if (read.headTimestamp < update.timestamp + EXPIRATION_SECONDS) {
      const markets = chain.markets.filter((market) => appliesTo(update, market));
      if (markets.length === 0) continue;
      items.push({ ...base, status: 'pending', markets, changes: markets.flatMap((market) => oracleChanges(update, market, evidence)), transactions: [log.transactionHash] });
    }
  }
  // An update applied in the window but published before it (at its very start): the configurator's values alone.
  for (const [updateId, done] of applied) {
    const configured = done.logs.filter((entry) => lower(entry.address) === lower(done.market.configurator));
    const changes = configured.flatMap((entry) => configuratorChanges(entry, done.market, []));
    if (changes.length === 0) continue;
    items.push({ mechanism: 'riskOracle', status: 'executed', key: `u${updateId}`, markets: [done.market], changes, signalledAt: done.at, appliedAt: done.at, transactions: [done.logs[0]!.transactionHash], estimatedTime: estimated(done.logs) });
  }
  return items.sort((a, b) => (a.signalledAt < b.signalledAt ? -1 : a.signalledAt > b.signalledAt ? 1 : 0));
}
