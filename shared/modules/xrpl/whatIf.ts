import * as z from 'zod';
import { amount, heldPosition, type WhatIfAccount } from '../../whatIf/whatIfAccount.js';

/** Reserves in XRP, as people write them; the simulator keeps drops. */
const account = z.strictObject({ xrp: amount, xrpUsd: amount.optional(), ownerCount: z.number().int().min(0), reserveBase: amount, reserveIncrement: amount });

/** An XRP balance with the reserve its owner count locks. */
export const XRPL_WHAT_IF: WhatIfAccount = {
  account,
  positions({ xrp, xrpUsd, ownerCount, reserveBase, reserveIncrement }: z.infer<typeof account>, protocol) {
    const valueUsd = xrpUsd === undefined ? undefined : xrp * xrpUsd;
    return [
      {
        position: heldPosition(protocol, 'xrpl-xrp', 'XRP', xrp, valueUsd),
        inputs: { role: 'balance', ledgerReserve: { ownerCount, baseDrops: Math.round(reserveBase * 1e6), incrementDrops: Math.round(reserveIncrement * 1e6), ...(xrpUsd !== undefined && { priceUsd: xrpUsd }) }, ...(valueUsd !== undefined && { valueUsd }) },
      },
    ];
  },
};
