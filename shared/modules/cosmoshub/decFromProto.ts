/**
 * A Cosmos SDK decimal as a number, from either of its two wire forms. Fields declared with
 * gogoproto `customtype = LegacyDec` (distribution `community_tax`, the legacy params values) travel
 * in protobuf as the integer scaled by 10^18 with no point ("100000000000000000" = 0.1); fields that
 * are plain `cosmos.Dec` strings (gov v1 `quorum`) and every JSON form carry the point
 * ("0.400000000000000000"). cosmjs's decodeCosmosSdkDecFromProto handles only the first. Pure.
 *
 * @example decFromProto('100000000000000000') // 0.1
 * @example decFromProto('0.400000000000000000') // 0.4
 */
export function decFromProto(value: string): number | undefined {
  const text = value.trim();
  if (/^-?\d+\.\d+$/.test(text)) return Number(text);
  if (!/^-?\d+$/.test(text)) return undefined;
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).padStart(19, '0');
  const number = Number(`${digits.slice(0, -18)}.${digits.slice(-18)}`);
  return negative ? -number : number;
}
