import { createHash } from 'node:crypto';
import type { ChainReading } from '../../domain/chainReading.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { readXrpl, withXrplConnection } from '../../upstream/clients/xrplClient.js';
import { reportFailure } from '../../upstream/describeFailure.js';
import type { ComponentContext, CurrentValueReader } from '../types.js';
import { feeValues } from './feeValues.js';
import { AMENDMENTS_INDEX, AmendmentsNode, FEE_SETTINGS_INDEX, FeeSettingsNode, ledgerEntryResult, parseAnswer } from './ledgerObjects.js';

/** The value an amendment's change replaces while the amendment is not in force. */
export const NOT_ENABLED = 'not enabled';

/**
 * An amendment's ID: the SHA-512Half of its name (xrpl-dev-portal amendments.md, "Amendment IDs";
 * rippled Feature.cpp registerFeature), as the Amendments entry lists it. Pure.
 *
 * @example amendmentId('fixEmptyDID') // '755C971C…77FE'
 */
export const amendmentId = (name: string): string => createHash('sha512').update(name).digest('hex').slice(0, 64).toUpperCase();

const RESERVES = { reserveBase: 'reserveBaseDrops', reserveIncrement: 'reserveIncrementDrops' } as const;

type Plan = { entry: 'amendments'; name: string } | { entry: 'feeSettings'; key: (typeof RESERVES)[keyof typeof RESERVES] } | { notRead: string };

/** Which ledger entry each change is read from: the Amendments singleton for an amendment, FeeSettings for a reserve; or why not. Pure. */
export function xrplPlans(changes: readonly ParameterChange[]): Plan[] {
  return changes.map((change): Plan => {
    // amendmentProposals states an amendment's change with its name as `to`.
    if (change.parameter === 'amendment') return typeof change.to === 'string' && change.to ? { entry: 'amendments', name: change.to } : { notRead: 'it names no amendment' };
    const key = RESERVES[change.parameter as keyof typeof RESERVES];
    return key ? { entry: 'feeSettings', key } : { notRead: 'this parameter is not read on chain yet' };
  });
}

/** Each entry's read, settled; a value of undefined for an entry no change asked for. */
type Entries = { amendments: PromiseSettledResult<AmendmentsNode | undefined>; feeSettings: PromiseSettledResult<FeeSettingsNode | undefined> };

/**
 * The XRP Ledger's current values, from the validated ledger over one WebSocket (the source's
 * client, its mainnet check beside the reads): the Amendments entry when an amendment is asked
 * (its name when enabled, so a proposal already in force says so; NOT_ENABLED otherwise) and the
 * FeeSettings entry when a reserve is (drops, either format, as decodeFeeChange states them). An
 * entry that fails or does not parse costs its own changes; a failed connection costs all, said
 * "could not be read on the XRP Ledger (…)"; it never throws.
 */
export const xrplCurrentValues = (): CurrentValueReader => ({
  async readCurrentValues(changes: readonly ParameterChange[], context: ComponentContext): Promise<ChainReading[]> {
    const plans = xrplPlans(changes);
    const wanted = new Set(plans.flatMap((plan) => ('entry' in plan ? [plan.entry] : [])));
    if (wanted.size === 0) return plans.map((plan) => ({ notRead: 'notRead' in plan ? plan.notRead : 'not read' }));
    const upstream = context.upstreams.xrpl;
    const { signal } = context;
    const failed = (error: unknown): string => `could not be read on the XRP Ledger (${reportFailure(error, { source: 'xrpl/currentValues' })})`;
    let entries: Entries;
    try {
      entries = await withXrplConnection(upstream, signal, async (client) => {
        const [amendments, feeSettings] = await Promise.allSettled([
          wanted.has('amendments')
            ? readXrpl(client, upstream, { command: 'ledger_entry', index: AMENDMENTS_INDEX, ledger_index: 'validated' }, signal).then(
                (answer) => parseAnswer(ledgerEntryResult(AmendmentsNode), answer.result, 'ledger_entry Amendments', upstream.id).node,
              )
            : undefined,
          wanted.has('feeSettings')
            ? readXrpl(client, upstream, { command: 'ledger_entry', index: FEE_SETTINGS_INDEX, ledger_index: 'validated' }, signal).then(
                (answer) => parseAnswer(ledgerEntryResult(FeeSettingsNode), answer.result, 'ledger_entry FeeSettings', upstream.id).node,
              )
            : undefined,
        ]);
        return { amendments, feeSettings };
      });
    } catch (error) {
      const reason = failed(error);
      return plans.map((plan) => ({ notRead: 'notRead' in plan ? plan.notRead : reason }));
    }
    // One reason per failed entry, so its log line is written once, not once per change.
    const reasons = new Map<keyof Entries, string>();
    const reasonOf = (entry: keyof Entries, error: unknown): string => reasons.get(entry) ?? reasons.set(entry, failed(error)).get(entry)!;
    const amendments = entries.amendments.status === 'fulfilled' ? entries.amendments.value : undefined;
    const enabled = new Set((amendments?.Amendments ?? []).map((id) => id.toUpperCase()));
    const feeSettings = entries.feeSettings.status === 'fulfilled' ? entries.feeSettings.value : undefined;
    const fees = feeSettings ? feeValues(feeSettings) : {};
    return plans.map((plan): ChainReading => {
      if ('notRead' in plan) return { notRead: plan.notRead };
      const settled = entries[plan.entry];
      if (settled.status === 'rejected') return { notRead: reasonOf(plan.entry, settled.reason) };
      if (plan.entry === 'amendments') return { value: enabled.has(amendmentId(plan.name)) ? plan.name : NOT_ENABLED };
      const drops = fees[plan.key];
      return drops === undefined ? { notRead: 'the FeeSettings entry holds no such reserve' } : { value: drops };
    });
  },
});
