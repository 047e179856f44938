import { Proposal, proposalStatusFromJSON } from 'cosmjs-types/cosmos/gov/v1/gov';
import { MsgExecLegacyContent } from 'cosmjs-types/cosmos/gov/v1/tx';
import { TextProposal } from 'cosmjs-types/cosmos/gov/v1beta1/gov';
import { ParameterChangeProposal } from 'cosmjs-types/cosmos/params/v1beta1/params';
import { MsgSoftwareUpgrade } from 'cosmjs-types/cosmos/upgrade/v1beta1/tx';
import { Plan, SoftwareUpgradeProposal } from 'cosmjs-types/cosmos/upgrade/v1beta1/upgrade';
import type { Any } from 'cosmjs-types/google/protobuf/any';
import type { Timestamp } from 'cosmjs-types/google/protobuf/timestamp';

/*
 * Converts real LCD (gRPC-gateway JSON) bodies of test/fixtures/raw/cosmoshub into the protobuf
 * messages the gRPC query returns, with cosmjs-types' codecs. The LCD JSON is the same message
 * rendered by gogoproto's jsonpb: snake_case names, Any as {"@type", ...fields}, uint64 and Ints
 * as strings, timestamps in RFC 3339 with nanoseconds. Every field is mapped explicitly, and an
 * unknown Any type throws, so nothing is dropped silently.
 */

type Json = Record<string, any>;

/** An RFC 3339 time with its nanoseconds kept (a Date would cut them to milliseconds). */
export function timestamp(text: string): Timestamp {
  const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/.exec(text);
  if (!match) throw new Error(`not an RFC 3339 UTC time: ${text}`);
  const seconds = Date.parse(`${match[1]}Z`) / 1000;
  return { seconds: BigInt(seconds), nanos: Number((match[2] ?? '').padEnd(9, '0')) };
}

const plan = (json: Json) => {
  // upgraded_client_state is null in every plan recorded here (deprecated since SDK 0.46).
  if (json.upgraded_client_state) throw new Error('plan.upgraded_client_state: map it too');
  return Plan.fromPartial({ name: json.name, time: timestamp(json.time), height: BigInt(json.height), info: json.info });
};

/** A JSON Any ({"@type", ...}) as a protobuf Any. */
export function anyFromJson(json: Json): Any {
  const typeUrl: string = json['@type'];
  const encode = (): Uint8Array => {
    switch (typeUrl) {
      case '/cosmos.gov.v1.MsgExecLegacyContent':
        return MsgExecLegacyContent.encode({ content: anyFromJson(json.content), authority: json.authority }).finish();
      case '/cosmos.gov.v1beta1.TextProposal':
        return TextProposal.encode({ title: json.title, description: json.description }).finish();
      case '/cosmos.params.v1beta1.ParameterChangeProposal':
        return ParameterChangeProposal.encode(
          ParameterChangeProposal.fromPartial({ title: json.title, description: json.description, changes: json.changes }),
        ).finish();
      case '/cosmos.upgrade.v1beta1.SoftwareUpgradeProposal':
        return SoftwareUpgradeProposal.encode({ title: json.title, description: json.description, plan: plan(json.plan) }).finish();
      case '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade':
        return MsgSoftwareUpgrade.encode({ authority: json.authority, plan: plan(json.plan) }).finish();
      default:
        throw new Error(`no converter for ${typeUrl}`);
    }
  };
  return { typeUrl, value: encode() };
}

/** A gov v1 Proposal from its LCD JSON. */
export function proposalFromJson(json: Json): Proposal {
  if (json.expedited !== undefined || json.failed_reason !== undefined) throw new Error('SDK 0.50 fields: map them too');
  const tally = json.final_tally_result;
  return Proposal.fromPartial({
    id: BigInt(json.id),
    messages: json.messages.map(anyFromJson),
    status: proposalStatusFromJSON(json.status),
    finalTallyResult: { yesCount: tally.yes_count, abstainCount: tally.abstain_count, noCount: tally.no_count, noWithVetoCount: tally.no_with_veto_count },
    ...(json.submit_time && { submitTime: timestamp(json.submit_time) }),
    ...(json.deposit_end_time && { depositEndTime: timestamp(json.deposit_end_time) }),
    totalDeposit: json.total_deposit,
    ...(json.voting_start_time && { votingStartTime: timestamp(json.voting_start_time) }),
    ...(json.voting_end_time && { votingEndTime: timestamp(json.voting_end_time) }),
    metadata: json.metadata,
    title: json.title,
    summary: json.summary,
    proposer: json.proposer,
  });
}
