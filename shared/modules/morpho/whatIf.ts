import * as z from 'zod';
import { amount, fraction, heldPosition, rate, type WhatIfAccount } from '../../whatIf/whatIfAccount.js';
import { vaultMarket } from './vaultMarket.js';

const account = z.strictObject({
  /** The vault's address; its changes reach this holding. */
  vault: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  chain: z.enum(['ethereum', 'base']).default('ethereum'),
  /** The vault's asset (USDC, WETH…) and how much of it the shares are worth. */
  asset: z.string().min(1),
  amount,
  priceUsd: amount.optional(),
  /** The vault's net yearly rate, a fraction. */
  apr: rate.optional(),
  /** The vault's performance fee, a fraction (at most 0.5, MetaMorpho MAX_FEE). */
  fee: fraction.max(0.5),
});

/** A MetaMorpho vault holding: what it is worth, its net rate and the vault's fee. */
export const MORPHO_WHAT_IF: WhatIfAccount = {
  account,
  positions({ vault, chain, asset, amount: held, priceUsd, apr, fee }: z.infer<typeof account>, protocol) {
    const valueUsd = priceUsd === undefined ? undefined : held * priceUsd;
    return [
      {
        position: heldPosition(protocol, 'metamorpho-what-if', asset, held, valueUsd),
        inputs: { market: vaultMarket(chain, vault), role: 'supply', rewardFee: fee, ...(apr !== undefined && { apr }), ...(valueUsd !== undefined && { valueUsd }) },
      },
    ];
  },
  defaultMarket: ({ vault, chain }: z.infer<typeof account>) => vaultMarket(chain, vault),
};
