import * as z from 'zod';
import type { ParameterName } from '../domain/parameterChange.js';
import { REGISTERED } from '../modules/registry.js';

/*
 * The what-if command's input: an account described by hand and the changes to try on it (or a
 * proposal's text, whose tables are read as the feed reads them). Every share is a fraction
 * (0.83), never a percent; money is USD; XRPL reserves are XRP.
 */

const fraction = z.number().min(0).max(1);
const rate = z.number().min(0).max(10);
const usd = z.number().min(0);

const curve = z.strictObject({ optimalUsage: fraction, baseRate: rate, slope1: rate, slope2: rate });
const rateModel = curve.extend({ utilization: fraction, supply: curve.optional() });

const reserve = z.strictObject({
  asset: z.string().min(1),
  suppliedUsd: usd.default(0),
  borrowedUsd: usd.default(0),
  collateral: z.boolean().default(false),
  liquidationThreshold: fraction.optional(),
  ltv: fraction.optional(),
  supplyApr: rate.optional(),
  supplyApy: rate.optional(),
  borrowApr: rate.optional(),
  borrowApy: rate.optional(),
  reserveFactor: fraction.optional(),
  rateModel: rateModel.optional(),
});

const lendingAccount = z.strictObject({
  market: z.string().min(1).optional(),
  reserves: z.array(reserve).min(1),
  eMode: z.strictObject({ id: z.number().int().min(1).max(255), ltv: fraction, liquidationThreshold: fraction, assets: z.array(z.string()) }).optional(),
});

const lidoAccount = z.strictObject({
  stakedEth: usd,
  ethUsd: usd.optional(),
  apr: rate,
  protocolFee: fraction,
  stakingModules: z.array(z.strictObject({ id: z.number().int().min(1), share: fraction, moduleFee: fraction, treasuryFee: fraction })).optional(),
});

const jitoAccount = z.strictObject({
  jitoSol: usd,
  usdPerJitoSol: usd.optional(),
  apr: rate,
  epochFee: fraction,
  withdrawalFee: fraction.optional(),
  /** The share of the pool's rewards from MEV tips, and the share of tips taken before they reach stakers. */
  mevShare: fraction.optional(),
  mevFee: fraction.optional(),
});

const cosmosAccount = z.strictObject({
  delegations: z.array(z.strictObject({ validator: z.string().min(1), atom: usd, commission: fraction })).min(1),
  atomUsd: usd.optional(),
  /** The chain's staking APR after the community tax, before any validator's commission. */
  stakingApr: rate,
  communityTax: fraction,
  inflation: fraction.optional(),
  inflationMin: fraction.optional(),
  inflationMax: fraction.optional(),
});

const xrplAccount = z.strictObject({ xrp: usd, xrpUsd: usd.optional(), ownerCount: z.number().int().min(0), reserveBase: usd, reserveIncrement: usd });

const PARAMETERS = [...REGISTERED.kinds.keys()] as [ParameterName, ...ParameterName[]];

/** Names analysts use for a parameter, as the account's own fields call it. */
const ALIASES: Readonly<Record<string, ParameterName>> = {
  protocolFee: 'rewardFee',
  epochFee: 'rewardFee',
  liquidateCollateralFactor: 'liquidationThreshold',
  borrowCollateralFactor: 'ltv',
};
const parameter = z.preprocess((value) => (typeof value === 'string' ? ALIASES[value] ?? value : value), z.enum(PARAMETERS));

export const whatIfChange = z.strictObject({
  asset: z.string().min(1).optional(),
  market: z.string().min(1).optional(),
  eModeCategory: z.number().int().min(1).max(255).optional(),
  side: z.enum(['supply', 'borrow']).optional(),
  parameter,
  from: z.union([z.number(), z.string()]).optional(),
  to: z.union([z.number(), z.string()]),
});

const proposalText = z.strictObject({ title: z.string(), description: z.string() });
const what = { changes: z.array(whatIfChange).min(1).optional(), proposal: proposalText.optional() };

export const whatIfInput = z
  .discriminatedUnion('protocol', [
    z.strictObject({ protocol: z.literal('aave'), account: lendingAccount, ...what }),
    z.strictObject({ protocol: z.literal('compound'), account: lendingAccount, ...what }),
    z.strictObject({ protocol: z.literal('lido'), account: lidoAccount, ...what }),
    z.strictObject({ protocol: z.literal('jito'), account: jitoAccount, ...what }),
    z.strictObject({ protocol: z.literal('cosmoshub'), account: cosmosAccount, ...what }),
    z.strictObject({ protocol: z.literal('xrpl'), account: xrplAccount, ...what }),
  ])
  .refine((input) => (input.changes === undefined) !== (input.proposal === undefined), { message: 'give either "changes" or "proposal", not both and not neither' });

export type WhatIfInput = z.infer<typeof whatIfInput>;
export type WhatIfChange = z.infer<typeof whatIfChange>;
export type LendingAccountInput = z.infer<typeof lendingAccount>;
