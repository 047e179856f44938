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
      .meta({ description: 'The chain the position sits on, as the upstream that read it names it (`ethereum`, `arbitrum`, `base`, `solana`; a chain that is itself a protocol module is named by its slug).', example: 'arbitrum' }),
    market: z
      .string()
      .optional()
      .meta({ description: 'The market, vault or pool holding it, as the owning module names it (a lending market `aave-v3-arbitrum`, a vault, the part of an account a ledger rule reaches); absent where a protocol has one market. An identifier: GET /api names each for people.', example: 'aave-v3-arbitrum' }),
    holding: z
      .enum(['supplied', 'borrowed', 'staked', 'delegated', 'rewards', 'liquid', 'vault', 'lp'])
      .optional()
      .meta({
        description:
          'How the asset is held, where one protocol holds it several ways: delegated to validators, rewards earned and not yet withdrawn, liquid in the account; supplied to or borrowed from a market; staked in a pool; shares of a vault; shares of an AMM pool (lp).',
        example: 'delegated',
      }),
    name: z.string().optional().meta({ description: 'The name of the vault, market or validators holding it, for people (a vault’s own name, a validator’s moniker).', example: 'Steakhouse USDC' }),
    issuer: z.string().optional().meta({ description: 'The account that issued the asset, for an issued token held on a trust line.', example: 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B' }),
  })
  .meta({ id: 'Position' });

export type Position = z.infer<typeof Position>;
