import * as z from 'zod';
import type { ExposurePosition } from '../../domain/position.js';
import { amount, heldPosition, rate, type WhatIfAccount } from '../../whatIf/whatIfAccount.js';
import { SKY_MARKETS } from './names.js';
import { vaultAccount } from './vaults.js';

const vault = z.strictObject({
  ilk: z.string().min(1),
  collateral: amount,
  collateralUsd: amount,
  debt: amount,
  /** The liquidation ratio as a number (1.45 for 145 %): above 1, at most 10. */
  mat: z.number().min(1).max(10),
  duty: rate,
});

/**
 * Savings held by hand, sUSDS and sDAI in USD (their assets, 1 USDS = 1 DAI = $1), each with its
 * yearly rate; and a vault (`{"vault": {"ilk": "ETH-A", "collateral": 10, "collateralUsd": 30000,
 * "debt": 12000, "mat": 1.45, "duty": 0.05}}`), changed by `stabilityFee` or `mat` naming its `ilk`.
 */
const account = z
  .strictObject({
    susds: amount.optional(),
    ssr: rate.optional(),
    sdai: amount.optional(),
    dsr: rate.optional(),
    vault: vault.optional(),
  })
  .refine((value) => value.susds === undefined || value.ssr !== undefined, { message: 'susds needs the ssr it earns', path: ['ssr'] })
  .refine((value) => value.sdai === undefined || value.dsr !== undefined, { message: 'sdai needs the dsr it earns', path: ['dsr'] })
  .refine((value) => value.susds !== undefined || value.sdai !== undefined || value.vault !== undefined, { message: 'give susds or sdai (their value in USD), or a vault', path: ['susds'] });

type Account = z.infer<typeof account>;

/** A Sky account: `{"susds": 10000, "ssr": 0.045}`, changed by `ssr` or `dsr` (yearly rates, fractions); or a vault, changed by `stabilityFee` or `mat`. */
export const SKY_WHAT_IF: WhatIfAccount = {
  account,
  positions({ susds, ssr, sdai, dsr, vault: held }: Account, protocol) {
    const saved = (id: 'susds' | 'sdai', asset: string, value: number | undefined, apr: number | undefined): ExposurePosition[] =>
      value === undefined || apr === undefined
        ? []
        : [{ position: { ...heldPosition(protocol, SKY_MARKETS[id], asset, value, value), chain: 'ethereum', market: SKY_MARKETS[id], holding: 'vault', apy: apr }, inputs: { role: 'supply', market: SKY_MARKETS[id], valueUsd: value, apr, savingsRate: id === 'susds' ? 'ssr' : 'dsr' } }];
    // A vault's debt is what its fee and ratio reach; its market is its ilk, as the changes name it.
    const debt: ExposurePosition[] = held
      ? [
          {
            position: { ...heldPosition(protocol, `sky-vault-${held.ilk}`, 'DAI', held.debt, held.debt), chain: 'ethereum', market: held.ilk, holding: 'borrowed', debt: String(held.debt), collateral: String(held.collateral), apy: held.duty },
            inputs: { role: 'borrow', market: held.ilk, valueUsd: held.debt, apr: held.duty, vault: held, account: vaultAccount(held, held.ilk) },
          },
        ]
      : [];
    return [...saved('susds', 'sUSDS', susds, ssr), ...saved('sdai', 'sDAI', sdai, dsr), ...debt];
  },
};
