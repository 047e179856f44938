import * as z from 'zod';
import { ProposalImpact } from '../contract/proposal.js';
import type { ChainVerdict } from '../simulate/checkAgainstChain.js';
import type { WhatIfResult } from '../whatIf/runWhatIf.js';

/** Each verdict a what-if change can get: the chain check's (checkAgainstChain.ts), or none of the account's positions reached. */
const VERDICTS = ['in_effect', 'matches_chain', 'corroborated', 'contradicts_chain', 'not_corroborated', 'not_checked', 'out_of_range', 'reaches_no_position'] as const satisfies readonly (ChainVerdict | 'reaches_no_position')[];

const value = z.union([z.number(), z.string()]);

/**
 * The answer of POST /api/simulate, the same as `npm run simulate` prints (shared/whatIf/runWhatIf.ts,
 * WhatIfResult): the handler checks each answer against it, and the OpenAPI document is made from it.
 * Values are in the input's units (shares as fractions, a ledger's coin in whole units).
 */
export const WhatIfResponse = z
  .object({
    impact: ProposalImpact.nullable().meta({ description: 'The simulated effect on the account; null when no change reaches its positions.' }),
    changes: z.array(
      z.object({
        asset: z.string().optional(),
        market: z.string().optional(),
        eModeCategory: z.int().optional(),
        configKey: z.int().optional().meta({ description: 'The dynamic config key a keyed change sets (a keyed lending spoke\'s collateral factor, bonus or fee).' }),
        side: z.enum(['supply', 'borrow']).optional(),
        parameter: z.string(),
        from: value.optional(),
        to: value,
        verified: z.boolean().meta({ description: 'true for changes given as such; false for those read from a proposal text\'s tables.' }),
        verdict: z.enum(VERDICTS).meta({ description: 'The change checked against the account as a scan checks it against the chain.' }),
        accountValue: value.optional().meta({ description: 'The account\'s current value of the parameter, where it has one.' }),
      }),
    ),
    healthFactor: z.object({ before: z.number(), after: z.number() }).optional().meta({ description: 'For an account with debt: its health factor before and after (the lowest, where several accounts move).' }),
  })
  .meta({ id: 'WhatIfResponse' }) satisfies z.ZodType<WhatIfResult>;
