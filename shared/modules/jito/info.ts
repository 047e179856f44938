import type { ModuleInfo } from '../types.js';
import { JITO_CALCULATORS } from './calculators.js';
import { JITO_PARAMETERS } from './parameters.js';
import { JITO_WHAT_IF } from './whatIf.js';

/** Jito: the DAO's Realms proposals; JitoSOL holdings. */
export const jitoInfo = {
  slug: 'jito',
  name: 'Jito',
  addressKinds: ['solana'],
  upstreams: [
    { id: 'solana', for: 'Realms proposals; JitoSOL holdings and the stake pool' },
    { id: 'prices', for: 'the USD price of SOL' },
  ],
  pricedAssets: { SOL: 'solana' },
  notes: ['JitoSOL is valued through its stake pool’s rate in SOL.'],
  exampleWallets: [
    {
      kind: 'solana',
      address: 'GTs7cG77B7ovhFSVrvdheomf6jSBnmZEiNuKkNkD8tA3',
      note: 'Holds JitoSOL (a Stakedex fee account, as published in igneous-labs/S test fixtures).',
    },
  ],
  parameters: JITO_PARAMETERS,
  calculators: JITO_CALCULATORS,
  whatIf: JITO_WHAT_IF,
} as const satisfies ModuleInfo;
