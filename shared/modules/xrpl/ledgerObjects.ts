import * as z from 'zod';
import { upstreamMalformed } from '../../upstream/errors.js';
import type { UpstreamId } from '../../upstream/endpoints.js';

/*
 * The parts of rippled's answers the source reads, checked before use so a server that answers
 * something else fails the build (the feed keeps the last good proposals) instead of feeding it
 * half-read data. Shapes: xrpl.js models/ledger/{Amendments,FeeSettings}.ts, models/methods/feature.ts,
 * and xrpl-dev-portal's SetFee pseudo-transaction page.
 */

/** Ledger index of the Amendments singleton (xrpl.js AMENDMENTS_ID; xrpl-dev-portal amendments.md). */
export const AMENDMENTS_INDEX = '7DB0788C020F02780A673DC74757F23823FA3014C1866E72CC4CD8B226CD6EF4';
/** Ledger index of the FeeSettings singleton (xrpl-dev-portal feesettings.md). */
export const FEE_SETTINGS_INDEX = '4BC50C9B0D8515D3EAAE1E74B29A95804346C491EE1A95BF25E4AAB854A6A651';

const Hash256 = z.string().regex(/^[0-9A-Fa-f]{64}$/);
/** Drops are a decimal string in the post-XRPFees fields; legacy fields are UInt32 numbers. */
const Drops = z.string().regex(/^\d+$/);

export const AmendmentsNode = z.looseObject({
  LedgerEntryType: z.literal('Amendments'),
  Amendments: z.array(Hash256).optional(),
  Majorities: z.array(z.object({ Majority: z.object({ Amendment: Hash256, CloseTime: z.number().int() }) })).optional(),
});

/** The values a SetFee pseudo-transaction and the FeeSettings entry share, in either format. */
const feeFields = {
  BaseFeeDrops: Drops.optional(),
  ReserveBaseDrops: Drops.optional(),
  ReserveIncrementDrops: Drops.optional(),
  /** Legacy (pre-XRPFees) format: BaseFee is a UInt64 as hex. */
  BaseFee: z.string().regex(/^[0-9A-Fa-f]{1,16}$/).optional(),
  ReferenceFeeUnits: z.number().int().optional(),
  ReserveBase: z.number().int().optional(),
  ReserveIncrement: z.number().int().optional(),
};

export const FeeSettingsNode = z.looseObject({
  LedgerEntryType: z.literal('FeeSettings'),
  ...feeFields,
  PreviousTxnID: Hash256.optional(),
  PreviousTxnLgrSeq: z.number().int().optional(),
});

/** The `ledger_entry` result around a node (rippled LedgerEntry.cpp). */
export const ledgerEntryResult = <T extends z.ZodType>(node: T) =>
  z.looseObject({ index: Hash256, ledger_index: z.number().int().optional(), node, validated: z.boolean().optional() });

/** Public `feature` without a `feature` field: every amendment the server knows (rippled ≥ 2.2.0). */
export const FeatureList = z.looseObject({
  features: z.record(Hash256, z.looseObject({ enabled: z.boolean(), name: z.string().optional(), supported: z.boolean() })),
});

/** A `tx` meta: the FeeSettings node a SetFee modified carries the old values in PreviousFields. */
const Meta = z.looseObject({
  AffectedNodes: z.array(
    z.looseObject({
      ModifiedNode: z.looseObject({ LedgerEntryType: z.string(), PreviousFields: z.looseObject(feeFields).optional() }).optional(),
    }),
  ),
});

const setFeeFields = {
  TransactionType: z.literal('SetFee'),
  ...feeFields,
  /** Close time of the ledger that holds it, in seconds since the Ripple epoch. */
  date: z.number().int().optional(),
  ledger_index: z.number().int().optional(),
};

const TxV2 = z
  .looseObject({
    tx_json: z.looseObject(setFeeFields),
    hash: Hash256,
    date: z.number().int().optional(),
    ledger_index: z.number().int().optional(),
    meta: Meta.optional(),
  })
  .transform(({ tx_json, hash, date, ledger_index, meta }) => ({
    hash,
    fields: tx_json,
    date: date ?? tx_json.date,
    ledgerIndex: ledger_index ?? tx_json.ledger_index,
    meta,
  }));

const TxV1 = z
  .looseObject({ ...setFeeFields, hash: Hash256, meta: Meta.optional() })
  .transform((answer) => ({ hash: answer.hash, fields: answer, date: answer.date, ledgerIndex: answer.ledger_index, meta: answer.meta }));

/**
 * `tx` of a SetFee, in API v2 (fields in tx_json, `date` and `ledger_index` beside it) or v1
 * (everything at the top of the result), flattened to one shape.
 */
export const SetFeeTx = z.union([TxV2, TxV1]);

export type AmendmentsNode = z.infer<typeof AmendmentsNode>;
export type FeeSettingsNode = z.infer<typeof FeeSettingsNode>;
export type FeatureList = z.infer<typeof FeatureList>;
export type SetFeeTx = z.output<typeof SetFeeTx>;
/** The fee and reserve fields of a SetFee, a FeeSettings entry or a meta's PreviousFields. */
export type FeeFields = Partial<Pick<FeeSettingsNode, keyof typeof feeFields>>;

/**
 * Parses a rippled result with `schema`, or throws upstream_malformed naming what it was.
 *
 * @example parseAnswer(FeatureList, response.result, 'feature', 'xrpl')
 */
export function parseAnswer<T extends z.ZodType>(schema: T, value: unknown, what: string, upstream: UpstreamId): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw upstreamMalformed(upstream, new Error(`${what}: ${z.prettifyError(parsed.error)}`));
  return parsed.data;
}
