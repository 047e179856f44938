import type { Any } from 'cosmjs-types/google/protobuf/any';
import { MsgUpdateParams as DistributionMsgUpdateParams } from 'cosmjs-types/cosmos/distribution/v1beta1/tx';
import { MsgExecLegacyContent } from 'cosmjs-types/cosmos/gov/v1/tx';
import { MsgUpdateParams as MintMsgUpdateParams } from 'cosmjs-types/cosmos/mint/v1beta1/tx';
import { MsgUpdateParams as StakingMsgUpdateParams } from 'cosmjs-types/cosmos/staking/v1beta1/tx';
import { TextProposal } from 'cosmjs-types/cosmos/gov/v1beta1/gov';
import { ParameterChangeProposal } from 'cosmjs-types/cosmos/params/v1beta1/params';
import { MsgSoftwareUpgrade } from 'cosmjs-types/cosmos/upgrade/v1beta1/tx';
import { type Plan, SoftwareUpgradeProposal } from 'cosmjs-types/cosmos/upgrade/v1beta1/upgrade';
import { isoFromUnixSeconds } from '../../governance/time.js';
import { decFromProto } from './decFromProto.js';

/** Type URLs of the gov v1 messages and legacy contents this module understands (cosmos-sdk protos). */
export const TYPE_URLS = {
  execLegacyContent: '/cosmos.gov.v1.MsgExecLegacyContent',
  textProposal: '/cosmos.gov.v1beta1.TextProposal',
  parameterChangeProposal: '/cosmos.params.v1beta1.ParameterChangeProposal',
  softwareUpgradeProposal: '/cosmos.upgrade.v1beta1.SoftwareUpgradeProposal',
  msgSoftwareUpgrade: '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade',
  distributionUpdateParams: '/cosmos.distribution.v1beta1.MsgUpdateParams',
  mintUpdateParams: '/cosmos.mint.v1beta1.MsgUpdateParams',
  stakingUpdateParams: '/cosmos.staking.v1beta1.MsgUpdateParams',
} as const;

/** The Hub parameters the simulator weighs, and the x/ module whose params hold each. */
export const HUB_PARAMETERS = { communityTax: 'distribution', inflationMin: 'mint', inflationMax: 'mint', minCommission: 'staking' } as const;
export type HubParameter = keyof typeof HUB_PARAMETERS;
export type HubParams = Partial<Record<HubParameter, number>>;

/** What one proposal message does, as far as the feed cares. `via` names the message (and legacy content). */
export type ProposalAction =
  /** A legacy TextProposal: nothing runs when it passes. */
  | { kind: 'signal'; via: string; title: string; description: string }
  | { kind: 'upgrade'; via: string; name: string; height: bigint; time?: string; title?: string; description?: string }
  /** A MsgUpdateParams: the module's full parameter set, of which the HUB_PARAMETERS are read (distribution, mint, staking). */
  | { kind: 'updateParams'; via: string; module: string; values: HubParams }
  /** A legacy ParameterChangeProposal: explicit subspace/key/value changes (values are JSON). */
  | { kind: 'legacyParamChange'; via: string; changes: { subspace: string; key: string; value: string }[]; title: string; description: string }
  /** Anything else (spends, IBC, ICS, wasm...): it executes, but changes no parameter we model. */
  | { kind: 'other'; via: string; title?: string; description?: string };

/**
 * Reads a gov v1 proposal's messages (protobuf Any) into actions, unwrapping MsgExecLegacyContent
 * (how pre-v1 content types travel since SDK 0.46). A message that does not decode is kept as
 * `other`: it still executes on chain, we just cannot say more. Pure.
 */
export function readMessages(messages: readonly Any[]): ProposalAction[] {
  return messages.map((message) => {
    try {
      return readMessage(message);
    } catch {
      return { kind: 'other', via: message.typeUrl };
    }
  });
}

function readMessage(message: Any): ProposalAction {
  if (message.typeUrl === TYPE_URLS.execLegacyContent) {
    const content = MsgExecLegacyContent.decode(message.value).content;
    return content ? readLegacyContent(content) : { kind: 'other', via: message.typeUrl };
  }
  if (message.typeUrl === TYPE_URLS.msgSoftwareUpgrade) {
    const { plan } = MsgSoftwareUpgrade.decode(message.value);
    return { kind: 'upgrade', via: message.typeUrl, ...planOf(plan) };
  }
  if (message.typeUrl === TYPE_URLS.distributionUpdateParams) {
    const { params } = DistributionMsgUpdateParams.decode(message.value);
    return { kind: 'updateParams', via: message.typeUrl, module: 'distribution', values: decs({ communityTax: params?.communityTax }) };
  }
  if (message.typeUrl === TYPE_URLS.mintUpdateParams) {
    const { params } = MintMsgUpdateParams.decode(message.value);
    return { kind: 'updateParams', via: message.typeUrl, module: 'mint', values: decs({ inflationMin: params?.inflationMin, inflationMax: params?.inflationMax }) };
  }
  if (message.typeUrl === TYPE_URLS.stakingUpdateParams) {
    const { params } = StakingMsgUpdateParams.decode(message.value);
    return { kind: 'updateParams', via: message.typeUrl, module: 'staking', values: decs({ minCommission: params?.minCommissionRate }) };
  }
  // Every SDK module names its governance parameter message MsgUpdateParams (SDK 0.47+).
  const updateParams = /^\/([a-z0-9_.]+)\.MsgUpdateParams$/i.exec(message.typeUrl);
  if (updateParams) return { kind: 'updateParams', via: message.typeUrl, module: updateParams[1]!, values: {} };
  return { kind: 'other', via: message.typeUrl };
}

function readLegacyContent(content: Any): ProposalAction {
  const via = `${TYPE_URLS.execLegacyContent} → ${content.typeUrl}`;
  switch (content.typeUrl) {
    case TYPE_URLS.textProposal: {
      const { title, description } = TextProposal.decode(content.value);
      return { kind: 'signal', via, title, description };
    }
    case TYPE_URLS.parameterChangeProposal: {
      const { title, description, changes } = ParameterChangeProposal.decode(content.value);
      return { kind: 'legacyParamChange', via, title, description, changes: changes.map(({ subspace, key, value }) => ({ subspace, key, value })) };
    }
    case TYPE_URLS.softwareUpgradeProposal: {
      const { title, description, plan } = SoftwareUpgradeProposal.decode(content.value);
      return { kind: 'upgrade', via, title, description, ...planOf(plan) };
    }
    default:
      return { kind: 'other', via };
  }
}

/** A plan's name, height and time; the time only when set (gogoproto encodes an unset one as year 1). */
function planOf(plan: Plan | undefined): { name: string; height: bigint; time?: string } {
  const time = plan?.time && isoFromUnixSeconds(plan.time.seconds);
  return { name: plan?.name ?? '', height: plan?.height ?? 0n, ...(time && { time }) };
}

/** The LegacyDec fields a message carries, as numbers; an empty or malformed one is left out. */
function decs(fields: Partial<Record<HubParameter, string | undefined>>): HubParams {
  return Object.fromEntries(Object.entries(fields).flatMap(([name, value]) => {
    const number = value ? decFromProto(value) : undefined;
    return number === undefined ? [] : [[name, number]];
  }));
}
