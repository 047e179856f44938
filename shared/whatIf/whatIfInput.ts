import * as z from 'zod';
import type { ParameterName } from '../domain/parameterChange.js';
import { MODULE_INFOS } from '../modules/registry.js';
import { kindsOf } from '../simulate/registered.js';
import { loadOnce } from '../stores/lazyStores.js';
import type { WhatIfAccount } from './whatIfAccount.js';

/*
 * The what-if command's input: an account described by hand, in the shape its protocol's module
 * declares (ModuleInfo.whatIf), and the changes to try on it (or a proposal's text, whose tables
 * are read as the feed reads them). Every share is a fraction (0.83), never a percent; money is
 * USD; a ledger's coin is in whole units.
 */

/** Every parameter kind's name: the shared ones and every module's. */
const PARAMETERS = [...kindsOf(MODULE_INFOS).keys()] as [ParameterName, ...ParameterName[]];

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
  /** A vault type a change applies to, where the protocol names its markets so (a collateral type's fee or ratio): read as the change's market. */
  ilk: z.string().min(1).optional(),
  eModeCategory: z.number().int().min(1).max(255).optional(),
  /** The dynamic config key a keyed change sets (a keyed lending spoke's collateral factor, bonus or fee): it reaches the positions on that key only. */
  configKey: z.number().int().min(0).optional(),
  side: z.enum(['supply', 'borrow']).optional(),
  parameter,
  from: z.union([z.number(), z.string()]).optional(),
  to: z.union([z.number(), z.string()]),
});

const proposalText = z.strictObject({ title: z.string(), description: z.string() });
const what = { changes: z.array(whatIfChange).min(1).optional(), proposal: proposalText.optional() };

/** The what-if input's schema: one account shape per module that offers one, loaded on first use. */
export const whatIfInput = loadOnce(async () => {
  const offered = await Promise.all(MODULE_INFOS.flatMap((module) => (module.whatIf ? [module.whatIf().then((whatIf) => ({ slug: module.slug, whatIf }))] : [])));
  const schema = z
    .discriminatedUnion(
      'protocol',
      offered.map(({ slug, whatIf }) => z.strictObject({ protocol: z.literal(slug), account: whatIf.account, ...what })) as unknown as [WhatIfShape],
    )
    .refine((input) => (input.changes === undefined) !== (input.proposal === undefined), { message: 'give either "changes" or "proposal", not both and not neither' });
  return { schema, whatIfOf: (slug: string): WhatIfAccount => offered.find((entry) => entry.slug === slug)!.whatIf };
});

type WhatIfShape = z.ZodObject<{ protocol: z.ZodLiteral<string>; account: z.ZodType; changes: z.ZodOptional<z.ZodArray<typeof whatIfChange>>; proposal: z.ZodOptional<typeof proposalText> }>;

export type WhatIfInput = z.infer<WhatIfShape>;
export type WhatIfChange = z.infer<typeof whatIfChange>;
