import * as z from 'zod';

export const Position = z
  .object({
    id: z.string(),
    protocol: z.string(),
    asset: z.string(),
    amount: z.string().meta({ description: 'Decimal amount in the asset’s units.' }),
    user_address: z.string(),
    valueUsd: z.number().optional(),
    healthFactor: z.number().optional(),
    debt: z.string().optional(),
    collateral: z.string().optional(),
    apy: z.number().optional().meta({ description: 'Yearly rate as a fraction (0.031 = 3.1 %).' }),
    chain: z
      .string()
      .optional()
      .meta({ description: 'The chain the position sits on, as the upstream that read it names it (`ethereum`, `arbitrum`, `base`, `solana`, `cosmoshub`, `xrpl`).', example: 'arbitrum' }),
    market: z
      .string()
      .optional()
      .meta({ description: 'The market, vault or pool holding it, as the owning module names it (an Aave market `aave-v3-arbitrum`, a Comet `compound-v3-base-usdc`); absent where a protocol has one market.', example: 'aave-v3-arbitrum' }),
  })
  .meta({ id: 'Position' });

export type Position = z.infer<typeof Position>;
