import type { ModuleInfo } from '../types.js';
import { JITO_PARAMETERS } from './parameters.js';

/** Jito: the DAO's Realms proposals; JitoSOL holdings. */
export const jitoInfo = {
  slug: 'jito',
  name: 'Jito',
  governance: {
    realms: { name: 'Jito DAO on Realms', voteUrl: 'https://gov.jito.network/dao/Jito', voteLabel: 'Vote on gov.jito.network' },
  },
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
  // On demand, like the module's code: the simulator's arithmetic stays out of the functions that only list modules.
  calculators: () => import('./calculators.js').then((m) => m.JITO_CALCULATORS),
  // On demand: the account's zod schema stays out of the functions that only list modules.
  whatIf: () => import('./whatIf.js').then((m) => m.JITO_WHAT_IF),
} as const satisfies ModuleInfo;
