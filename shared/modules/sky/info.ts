import type { ModuleInfo } from '../types.js';
import { skyMarketName } from './names.js';
import { SKY_PARAMETERS } from './parameters.js';

/** Sky (formerly Maker): USDS and DAI balances, sUSDS with the Sky Savings Rate and sDAI with the DAI Savings Rate, on Ethereum. */
export const skyInfo = {
  slug: 'sky',
  name: 'Sky',
  addressKinds: ['evm'],
  marketName: skyMarketName,
  upstreams: [{ id: 'ethereum', for: 'USDS, DAI, sUSDS and sDAI balances; the SSR (sUSDS) and the DSR (Pot)' }],
  parameters: SKY_PARAMETERS,
  // On demand, like the module's code: the simulator's arithmetic stays out of the functions that only list modules.
  calculators: () => import('./calculators.js').then((m) => m.SKY_CALCULATORS),
  whatIf: () => import('./whatIf.js').then((m) => m.SKY_WHAT_IF),
  notes: [
    'Sky positions are read on Ethereum: USDS and DAI as held, and sUSDS and sDAI valued at their convertToAssets, 1 USDS = 1 DAI = 1 USD. A savings vault’s apy is its per-second rate (the SSR or the DSR) compounded over 365 days; an `ssr` or `dsr` change moves it for every holder of that vault.',
  ],
  noVoteBounds: () => import('./spBeamBounds.js').then((m) => m.SKY_NO_VOTE_BOUNDS),
} as const satisfies ModuleInfo;
