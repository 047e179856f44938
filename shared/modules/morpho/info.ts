import type { ModuleInfo } from '../types.js';
import { MORPHO_PARAMETERS } from './parameters.js';
import { morphoMarketName } from './names.js';

/** Morpho: MetaMorpho vaults' curator changes (Ethereum, Base) and the morpho.eth space; vault shares and Morpho Blue positions (Ethereum, Base). */
export const morphoInfo = {
  slug: 'morpho',
  name: 'Morpho',
  // A vault's curator and guardian decide; depositors follow the timelock and can leave before it ends.
  governance: {
    ethvaults: { name: 'Morpho vaults on Ethereum', voteUrl: 'https://app.morpho.org/ethereum/earn', voteLabel: 'Vaults on app.morpho.org' },
    basevaults: { name: 'Morpho vaults on Base', voteUrl: 'https://app.morpho.org/base/earn', voteLabel: 'Vaults on app.morpho.org' },
    snapshot: { name: 'Morpho’s Snapshot space', voteUrl: 'https://snapshot.box/#/s:morpho.eth', voteLabel: 'Morpho’s Snapshot space' },
  },
  addressKinds: ['evm'],
  marketName: morphoMarketName,
  upstreams: [
    { id: 'ethereum', for: 'MetaMorpho vault changes; vault shares and Morpho Blue positions' },
    { id: 'base', for: 'MetaMorpho vault changes, vault shares and Morpho Blue positions on Base' },
    { id: 'snapshot', for: 'the morpho.eth space' },
  ],
  notes: [
    "Morpho's proposals are the curator and owner changes of a fixed list of large MetaMorpho vaults on Ethereum and Base: a cap raise, a market removal, a timelock cut or a guardian change is passed during its timelock (effectiveDate: when anyone may accept it; the guardian may still revoke it) and executed once accepted; cap cuts, timelock raises, a first guardian and fee changes take effect at once and appear as executed. The Morpho DAO's votes come from the morpho.eth Snapshot space.",
    'Morpho positions: shares of the listed vaults on Ethereum and Base (valued at what they convert to, with the vault’s net rate from the markets of its withdraw queue, so a fee change is priced) and positions in a fixed list of Morpho Blue markets on Ethereum and Base, with the health factor from the market’s LLTV and oracle; a vault’s changes reach the holders of that vault only. Both chains are read at once: when one cannot be read, the other chain’s positions are kept and the answer is partial, with morpho in degraded naming the chain that failed; only when both fail are no Morpho positions read.',
  ],
  parameters: MORPHO_PARAMETERS,
  // On demand, like the module's code: the simulator's arithmetic stays out of the functions that only list modules.
  calculators: () => import('./calculators.js').then((m) => m.MORPHO_CALCULATORS),
  // On demand: the account's zod schema stays out of the functions that only list modules.
  whatIf: () => import('./whatIf.js').then((m) => m.MORPHO_WHAT_IF),
} as const satisfies ModuleInfo;
