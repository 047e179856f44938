import type { ChangeType } from '../../contract/enums.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { changesOfEngineViews } from './changesOfEngineViews.js';
import type { ProposalPayload } from './types.js';
import { changesOfV4Payload } from './v4/changesOfV4Payload.js';

/**
 * A proposal's changes once its engine payloads' views are known. The rule:
 * - every engine payload's views give verified changes for the market its pool context names;
 * - those replace the body's (unverified) table changes of that market, but only when every action
 *   on that payload's chain was read as an engine payload: a generic or unread action on the same
 *   chain may be what a table row describes, so there the rows stay beside the verified changes;
 * - table rows that name no market are dropped only when every action of every payload was read as
 *   an engine payload; otherwise they stay;
 * - the other markets keep their table changes, unverified, as before anything was read.
 * What a payload's _pre/_postExecute hooks do (seed supplies, admins) no view shows, and borrowing
 * flags have no parameter here; neither is claimed. changeType is 'shape' when any change lists,
 * delists or freezes, else 'parameter' when there are changes. Pure.
 */
export function withVerifiedChanges(
  table: { changes: ParameterChange[]; changeType?: ChangeType },
  payloads: readonly ProposalPayload[],
): { changes: ParameterChange[]; changeType?: ChangeType } {
  const verified = payloads.flatMap((payload) =>
    (payload.actions ?? []).flatMap((action) =>
      action.read?.kind === 'engine'
        ? changesOfEngineViews({ payload: `${payload.chainId}:${payload.payloadId}`, target: action.target, market: action.read.market, views: action.read.views, symbols: action.read.symbols })
        : action.read?.kind === 'v4'
          ? changesOfV4Payload(action.read.views, `${payload.chainId}:${payload.payloadId}`)
          : [],
    ),
  );
  // An Aave v4 payload's views state all it configures, as a v3 engine payload's do.
  const engineRead = (payload: ProposalPayload) => payload.actions !== undefined && payload.actions.length > 0 && payload.actions.every((action) => action.read?.kind === 'engine' || action.read?.kind === 'v4');
  const chainsFullyRead = new Set(
    [...new Set(payloads.map((payload) => payload.chainId))].filter((chainId) => payloads.filter((payload) => payload.chainId === chainId).every(engineRead)),
  );
  const covered = new Set(
    payloads
      .filter((payload) => chainsFullyRead.has(payload.chainId))
      .flatMap((payload) => payload.actions!.flatMap((action) => (action.read?.kind === 'engine' ? [action.read.market] : action.read?.kind === 'v4' ? changesOfV4Payload(action.read.views, '').map((change) => change.market!) : []))),
  );
  if (covered.size === 0 && verified.length === 0) return table;
  const everything = payloads.length > 0 && payloads.every(engineRead);
  const kept = table.changes.filter((change) => (change.market === undefined ? !everything : !covered.has(change.market)));
  const changes = [...verified, ...kept];
  const changeType: ChangeType | undefined = changes.some((change) => change.parameter === 'listing') ? 'shape' : changes.length > 0 ? 'parameter' : undefined;
  return { changes, ...(changeType && { changeType }) };
}
