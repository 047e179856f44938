import type { ParameterChange } from '../../domain/parameterChange.js';
import { decFromProto } from './decFromProto.js';
import type { ProposalAction } from './readMessages.js';

/** The Hub's live parameters that a change is diffed against (x/distribution Params). */
export interface CurrentParams {
  communityTax?: number;
}

/**
 * Legacy x/params subspace/key pairs that map to a ParameterName (keys as the legacy subspaces
 * spell them, e.g. distribution `communitytax`). Others (staking MaxValidators, gov, mint, slashing)
 * have no ParameterName and are skipped.
 */
const LEGACY_KEYS: Record<string, 'communityTax'> = { 'distribution/communitytax': 'communityTax' };

/** True when decoding these actions needs the current x/distribution params. Pure. */
export const needsDistributionParams = (actions: readonly ProposalAction[]): boolean =>
  actions.some(
    (action) =>
      (action.kind === 'updateParams' && action.module === 'distribution') ||
      (action.kind === 'legacyParamChange' && action.changes.some((change) => change.subspace === 'distribution')),
  );

/**
 * The ParameterChanges of a proposal's actions (verified: read from the messages themselves).
 * A MsgUpdateParams carries the module's FULL parameter set, not a delta (sources.md §6), so it is
 * diffed against the current params: a value equal to the current one is no change. That also
 * means a MsgUpdateParams already executed shows no change (its values are now the current ones;
 * the previous ones would need an archive read at a past height). A legacy ParameterChangeProposal
 * is an explicit delta: every mapped key is a change, with `from` when the current value differs.
 * Only distribution community_tax maps to a ParameterName today; everything else is skipped. Pure.
 */
export function decodeParameterChanges(actions: readonly ProposalAction[], current: CurrentParams): ParameterChange[] {
  const changes: ParameterChange[] = [];
  for (const action of actions) {
    if (action.kind === 'updateParams' && action.communityTax !== undefined && action.communityTax !== current.communityTax) {
      changes.push(communityTax(action.communityTax, current.communityTax, `${action.via} params.community_tax`));
    }
    if (action.kind === 'legacyParamChange') {
      for (const change of action.changes) {
        if (LEGACY_KEYS[`${change.subspace}/${change.key}`.toLowerCase()] !== 'communityTax') continue;
        const to = legacyDec(change.value);
        if (to === undefined) continue;
        const from = current.communityTax !== to ? current.communityTax : undefined;
        changes.push(communityTax(to, from, `${action.via} ${change.subspace}/${change.key}`));
      }
    }
  }
  return changes;
}

const communityTax = (to: number, from: number | undefined, evidence: string): ParameterChange => ({
  protocol: 'cosmoshub',
  asset: 'ATOM',
  parameter: 'communityTax',
  ...(from !== undefined && { from }),
  to,
  unit: 'fraction',
  evidence,
  verified: true,
});

/** A legacy param value: JSON, a Dec as a quoted string ("\"0.100000000000000000\""). */
function legacyDec(value: string): number | undefined {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'string' || typeof parsed === 'number' ? decFromProto(String(parsed)) : undefined;
  } catch {
    return undefined;
  }
}
