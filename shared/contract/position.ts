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
  })
  .meta({ id: 'Position' });

export type Position = z.infer<typeof Position>;
