import type { Address, Hex } from 'viem';
import type { Vault } from './deployment.js';
import type { MarketParams, VaultChainRead, VaultLog, VaultMarketState, VaultState } from './readVaultGovernance.js';

/** What one change of a vault changes. */
export type VaultChangeKind = 'cap' | 'removal' | 'timelock' | 'guardian' | 'fee';

/**
 * One change of one vault, as its events and the head's views tell it. Statuses follow README.md's
 * mapping: a submission still pending at the head is `passed` (it waits out the timelock, like a
 * queued governor proposal), one accepted is `executed`, one revoked is `canceled`; a change that
 * takes effect at once (a cap cut, a timelock raise, a first guardian, a fee) is `executed`.
 */
export interface VaultChange {
  vault: Vault;
  kind: VaultChangeKind;
  status: 'passed' | 'executed' | 'canceled' | 'closed';
  /** The event that opened it: a Submit*, or the Set* of a change that took effect at once. */
  opened: VaultLog;
  /** The Set* that applied a submission, or the Revoke* that cancelled it. */
  closed?: VaultLog;
  /** Whether it waited out a timelock (a Submit*) or took effect at once. */
  timelocked: boolean;
  /** When a pending submission may be accepted (pendingCap / pendingTimelock / pendingGuardian / config.removableAt), exact. */
  validAt?: bigint;
  /** The value before: the head's view while pending, else the last Set* of the window; absent when not known. */
  from?: bigint | Address | 'enabled';
  to: bigint | Address | 'removed';
  /** Whether `from` was read at the head (a pending change's current value) rather than from an earlier event. */
  fromReadAtHead: boolean;
  marketId?: Hex;
  market?: MarketParams;
}

const keyOf = (log: VaultLog): string => {
  const id = (log.args.id as string | undefined)?.toLowerCase() ?? '';
  const family = /Cap$/.test(log.eventName) ? 'cap' : /MarketRemoval$/.test(log.eventName) ? 'removal' : /Timelock$/.test(log.eventName) ? 'timelock' : /Guardian$/.test(log.eventName) ? 'guardian' : 'fee';
  return `${log.vault.toLowerCase()}:${family}:${id}`;
};

const same = (a: unknown, b: unknown): boolean => (typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b);

/**
 * Every change of the window's events, oldest first, with its status at the head. Events are read
 * in order (MetaMorpho.sol): a Submit* opens a change (a second submit of the same value reverts
 * AlreadyPending while one is open); the Set* of the same value applies it; a Revoke* cancels it
 * (a revoke with nothing pending emits too, and is ignored); a Set* with no open submission took
 * effect at once. What is still open at the end is checked against the head's pending views. Pure.
 */
export function vaultChanges(read: VaultChainRead): VaultChange[] {
  const vaultOf = new Map(read.chain.vaults.map((vault) => [vault.address.toLowerCase(), vault]));
  const stateOf = new Map(read.vaults.map((state) => [state.vault.address.toLowerCase(), state]));
  const marketOf = new Map(read.markets.map((market) => [`${market.vault.toLowerCase()}:${market.id.toLowerCase()}`, market]));
  const open = new Map<string, VaultChange>();
  const last = new Map<string, bigint | Address>();
  const changes: VaultChange[] = [];

  for (const log of read.logs) {
    const vault = vaultOf.get(log.vault.toLowerCase());
    if (!vault) continue;
    const key = keyOf(log);
    const id = log.args.id as Hex | undefined;
    const market = id === undefined ? undefined : marketOf.get(`${log.vault.toLowerCase()}:${id.toLowerCase()}`)?.params;
    const base = { vault, opened: log, fromReadAtHead: false, ...(id !== undefined && { marketId: id }), ...(market && { market }) };
    const previous = last.get(key);
    const submit = (kind: VaultChangeKind, to: VaultChange['to'], from?: VaultChange['from']) => {
      const change: VaultChange = { ...base, kind, status: 'passed', timelocked: true, to, ...(from !== undefined && { from }) };
      changes.push(change);
      open.set(key, change);
    };
    const apply = (kind: VaultChangeKind, to: bigint | Address, before: VaultChange['from'] = previous) => {
      const pending = open.get(key);
      if (pending && same(pending.to, to)) {
        pending.status = 'executed';
        pending.closed = log;
        open.delete(key);
      } else {
        changes.push({ ...base, kind, status: 'executed', timelocked: false, to, ...(before !== undefined && { from: before }) });
      }
      last.set(key, to);
    };
    const revoke = () => {
      const pending = open.get(key);
      if (!pending) return;
      pending.status = 'canceled';
      pending.closed = log;
      open.delete(key);
    };
    switch (log.eventName) {
      case 'SubmitCap':
        submit('cap', log.args.cap as bigint, previous);
        break;
      case 'SetCap':
        apply('cap', log.args.cap as bigint);
        break;
      case 'SubmitMarketRemoval':
        submit('removal', 'removed', 'enabled');
        break;
      case 'SubmitTimelock':
        submit('timelock', log.args.newTimelock as bigint, previous);
        break;
      case 'SetTimelock':
        apply('timelock', log.args.newTimelock as bigint);
        break;
      case 'SubmitGuardian':
        submit('guardian', log.args.newGuardian as Address, previous);
        break;
      case 'SetGuardian': {
        // A SetGuardian with no submission in the window is a first guardian (submitGuardian sets
        // it at once only when none is set) or a change submitted before the window and accepted
        // now: the events cannot tell, so the value before is known only from an earlier SetGuardian.
        apply('guardian', log.args.guardian as Address);
        break;
      }
      case 'SetFee':
        apply('fee', log.args.newFee as bigint);
        break;
      default:
        revoke();
    }
  }

  for (const change of open.values()) settleAtHead(change, stateOf.get(change.vault.address.toLowerCase()), change.marketId && marketOf.get(`${change.vault.address.toLowerCase()}:${change.marketId.toLowerCase()}`));
  return changes;
}

/**
 * A submission with no Set* or Revoke* in the window, against the head's views: still pending with
 * the same value (→ passed, with the exact validAt and today's value as `from`); a removal carried
 * out (the market's config deleted by updateWithdrawQueue → executed); otherwise the views disagree
 * with the events (→ closed, so the feed never shows a pending change the chain no longer has).
 */
function settleAtHead(change: VaultChange, state: VaultState | undefined, market: VaultMarketState | undefined | '' | 0): void {
  const pending = (value: unknown, validAt: bigint, from: VaultChange['from']) => {
    if (validAt !== 0n && same(value, change.to)) {
      change.validAt = validAt;
      change.from = from;
      change.fromReadAtHead = true;
    } else change.status = 'closed';
  };
  switch (change.kind) {
    case 'cap':
      if (market) pending(market.pendingCap.value, market.pendingCap.validAt, market.cap);
      else change.status = 'closed';
      break;
    case 'removal':
      if (market && market.removableAt !== 0n) {
        change.validAt = market.removableAt;
        change.fromReadAtHead = true;
      } else if (market && !market.enabled && market.cap === 0n) change.status = 'executed';
      else change.status = 'closed';
      break;
    case 'timelock':
      if (state) pending(state.pendingTimelock.value, state.pendingTimelock.validAt, state.timelock);
      else change.status = 'closed';
      break;
    case 'guardian':
      if (state) pending(state.pendingGuardian.value, state.pendingGuardian.validAt, state.guardian);
      else change.status = 'closed';
      break;
    default:
      change.status = 'closed';
  }
}
