import type { ModuleInfo } from '../types.js';
import { MORPHO_CALCULATORS } from './calculators.js';
import { MORPHO_PARAMETERS } from './parameters.js';

/** Morpho: MetaMorpho vaults' curator changes (Ethereum, Base) and the morpho.eth space; vault shares and Morpho Blue positions on Ethereum. */
export const morphoInfo = {
  slug: 'morpho',
  name: 'Morpho',
  addressKinds: ['evm'],
  upstreams: [
    { id: 'ethereum', for: 'MetaMorpho vault changes; vault shares and Morpho Blue positions' },
    { id: 'base', for: 'MetaMorpho vault changes on Base' },
    { id: 'snapshot', for: 'the morpho.eth space' },
  ],
  parameters: MORPHO_PARAMETERS,
  calculators: MORPHO_CALCULATORS,
} as const satisfies ModuleInfo;
