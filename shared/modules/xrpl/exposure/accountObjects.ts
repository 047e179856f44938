import * as z from 'zod';

/*
 * The parts of rippled's account_info and account_lines answers the exposure reads, checked before
 * use (xrpl.js models/methods/accountInfo.ts, accountLines.ts; xrpl-dev-portal account_lines.md).
 */

/** XRP amounts in an AccountRoot are whole drops as a decimal string. */
const Drops = z.string().regex(/^\d+$/);

export const AccountInfoResult = z.looseObject({
  account_data: z.looseObject({ Account: z.string(), Balance: Drops, OwnerCount: z.number().int().nonnegative() }),
});

/** One trust line from the account's side: a positive balance is held, a negative one is owed. */
export const TrustLine = z.looseObject({
  account: z.string(),
  balance: z.string().regex(/^-?\d+(\.\d+)?(e-?\d+)?$/i),
  currency: z.string().min(1),
});

export const AccountLinesResult = z.looseObject({
  lines: z.array(TrustLine),
  /** Present when more lines follow: the next page's resume point. */
  marker: z.unknown().optional(),
});

export type AccountRoot = z.infer<typeof AccountInfoResult>['account_data'];
export type TrustLine = z.infer<typeof TrustLine>;
