import type { ModuleInfo } from '../types.js';
import { COMPOUND_PARAMETERS } from './parameters.js';
import { compoundMarketName } from './names.js';

/** Compound: Governor Bravo and the comp-vote.eth space; Comet and v2 positions on Ethereum. */
export const compoundInfo = {
  slug: 'compound',
  name: 'Compound',
  addressKinds: ['evm'],
  marketName: compoundMarketName,
  upstreams: [
    { id: 'ethereum', for: 'Governor proposals; Comet and v2 positions' },
    { id: 'snapshot', for: 'the comp-vote.eth space' },
  ],
  parameters: COMPOUND_PARAMETERS,
  // On demand, like the module's code: Comet's arithmetic stays out of the functions that only list modules.
  calculators: () => import('./calculators.js').then((m) => m.COMPOUND_CALCULATORS),
  // The lending account on the main market (comet-usdc, as the exposure names it: a table's change
  // without a market applies there), its curves in Comet's form. On demand, like the calculators.
  whatIf: () => import('./whatIf.js').then((m) => m.compoundWhatIf()),
} as const satisfies ModuleInfo;
