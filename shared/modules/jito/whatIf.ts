import * as z from 'zod';
import { amount, fraction, heldPosition, rate, type WhatIfAccount } from '../../whatIf/whatIfAccount.js';

const account = z.strictObject({
  jitoSol: amount,
  usdPerJitoSol: amount.optional(),
  apr: rate,
  epochFee: fraction,
  withdrawalFee: fraction.optional(),
  /** The share of the pool's rewards from MEV tips, and the share of tips taken before they reach stakers. */
  mevShare: fraction.optional(),
  mevFee: fraction.optional(),
});

/** A JitoSOL holding: its APR net of the epoch fee, the fee on withdrawing, and the MEV tips' part of rewards. */
export const JITO_WHAT_IF: WhatIfAccount = {
  account,
  positions({ jitoSol, usdPerJitoSol, apr, epochFee, withdrawalFee, mevShare, mevFee }: z.infer<typeof account>, protocol) {
    const valueUsd = usdPerJitoSol === undefined ? undefined : jitoSol * usdPerJitoSol;
    return [
      {
        position: heldPosition(protocol, 'jito-jitosol', 'JitoSOL', jitoSol, valueUsd),
        inputs: { role: 'stake', apr, rewardFee: epochFee, ...(valueUsd !== undefined && { valueUsd }), ...(withdrawalFee !== undefined && { withdrawalFee }), ...(mevShare !== undefined && mevFee !== undefined && { mev: { share: mevShare, fee: mevFee } }) },
      },
    ];
  },
};
