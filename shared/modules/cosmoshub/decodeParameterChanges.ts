import type { ParameterChange } from '../../domain/parameterChange.js';
import { decFromProto } from './decFromProto.js';
import { HUB_PARAMETERS, type HubParameter, type HubParams, type ProposalAction } from './readMessages.js';

/** The Hub's live parameters that a change is diffed against (x/distribution, x/mint, x/staking Params). */
export type CurrentParams = HubParams;

/** The x/ modules whose params hold a HUB_PARAMETERS entry. */
export type ParamsModule = (typeof HUB_PARAMETERS)[HubParameter];

/**
 * Legacy x/params subspace/key pairs that map to a Hub parameter (keys as the legacy subspaces
 * spell them: distribution `communitytax`, mint `InflationMin`/`InflationMax`, staking
 * `MinCommissionRate`). Others (staking MaxValidators, gov, slashing) are skipped.
 */
const LEGACY_KEYS: Readonly<Record<string, HubParameter>> = {
  'distribution/communitytax': 'communityTax',
  'mint/inflationmin': 'inflationMin',
  'mint/inflationmax': 'inflationMax',
  'staking/mincommissionrate': 'minCommission',
};

const legacyParameter = (subspace: string, key: string): HubParameter | undefined => LEGACY_KEYS[`${subspace}/${key}`.toLowerCase()];

/** The x/ modules whose current params decoding these actions needs. Pure. */
export function paramsNeeded(actions: readonly ProposalAction[]): Set<ParamsModule> {
  const modules = new Set<ParamsModule>();
  for (const action of actions) {
    if (action.kind === 'updateParams') for (const name of Object.keys(action.values) as HubParameter[]) modules.add(HUB_PARAMETERS[name]);
    if (action.kind === 'legacyParamChange') {
      for (const change of action.changes) {
        const name = legacyParameter(change.subspace, change.key);
        if (name) modules.add(HUB_PARAMETERS[name]);
      }
    }
  }
  return modules;
}

/**
 * The ParameterChanges of a proposal's actions (verified: read from the messages themselves).
 * A MsgUpdateParams carries the module's FULL parameter set, not a delta (sources.md §6), so it is
 * diffed against the current params: a value equal to the current one is no change. That also
 * means a MsgUpdateParams already executed shows no change (its values are now the current ones;
 * the previous ones would need an archive read at a past height). A legacy ParameterChangeProposal
 * is an explicit delta: every mapped key is a change, with `from` when the current value differs.
 * Mapped: community tax, x/mint's inflation bounds, x/staking's minimum commission. Pure.
 */
export function decodeParameterChanges(actions: readonly ProposalAction[], current: CurrentParams): ParameterChange[] {
  const changes: ParameterChange[] = [];
  for (const action of actions) {
    if (action.kind === 'updateParams') {
      for (const [name, to] of Object.entries(action.values) as [HubParameter, number][]) {
        if (to !== current[name]) changes.push(hubChange(name, to, current[name], `${action.via} params.${SNAKE[name]}`));
      }
    }
    if (action.kind === 'legacyParamChange') {
      for (const change of action.changes) {
        const name = legacyParameter(change.subspace, change.key);
        const to = name && legacyDec(change.value);
        if (!name || to === undefined) continue;
        const from = current[name] !== to ? current[name] : undefined;
        changes.push(hubChange(name, to, from, `${action.via} ${change.subspace}/${change.key}`));
      }
    }
  }
  return changes;
}

const SNAKE: Record<HubParameter, string> = { communityTax: 'community_tax', inflationMin: 'inflation_min', inflationMax: 'inflation_max', minCommission: 'min_commission_rate' };

const hubChange = (parameter: HubParameter, to: number, from: number | undefined, evidence: string): ParameterChange => ({
  protocol: 'cosmoshub',
  asset: 'ATOM',
  parameter,
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
