import * as z from 'zod';
import type { ExposurePosition } from '../../domain/position.js';
import { amount, heldPosition, rate, type WhatIfAccount } from '../../whatIf/whatIfAccount.js';
import { SKY_MARKETS } from './names.js';

/** Savings held by hand: sUSDS and sDAI in USD (their assets, 1 USDS = 1 DAI = $1), each with its yearly rate. */
const account = z
  .strictObject({
    susds: amount.optional(),
    ssr: rate.optional(),
    sdai: amount.optional(),
    dsr: rate.optional(),
  })
  .refine((value) => value.susds === undefined || value.ssr !== undefined, { message: 'susds needs the ssr it earns', path: ['ssr'] })
  .refine((value) => value.sdai === undefined || value.dsr !== undefined, { message: 'sdai needs the dsr it earns', path: ['dsr'] })
  .refine((value) => value.susds !== undefined || value.sdai !== undefined, { message: 'give susds or sdai (their value in USD)', path: ['susds'] });

type Account = z.infer<typeof account>;

/** A Sky savings account: `{"susds": 10000, "ssr": 0.045}`, changed by `ssr` or `dsr` (yearly rates, fractions). */
export const SKY_WHAT_IF: WhatIfAccount = {
  account,
  positions({ susds, ssr, sdai, dsr }: Account, protocol) {
    const held = (id: 'susds' | 'sdai', asset: string, value: number | undefined, apr: number | undefined): ExposurePosition[] =>
      value === undefined || apr === undefined
        ? []
        : [{ position: { ...heldPosition(protocol, SKY_MARKETS[id], asset, value, value), chain: 'ethereum', market: SKY_MARKETS[id], holding: 'vault', apy: apr }, inputs: { role: 'supply', market: SKY_MARKETS[id], valueUsd: value, apr, savingsRate: id === 'susds' ? 'ssr' : 'dsr' } }];
    return [...held('susds', 'sUSDS', susds, ssr), ...held('sdai', 'sDAI', sdai, dsr)];
  },
};
