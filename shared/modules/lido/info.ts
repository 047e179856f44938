import type { ModuleInfo } from '../types.js';
import { lidoMarketName } from './names.js';
import { LIDO_PARAMETERS } from './parameters.js';

/** Lido: Aragon votes under Dual Governance and the Snapshot space; stETH and wstETH holdings. */
export const lidoInfo = {
  slug: 'lido',
  name: 'Lido',
  governance: {
    aragon: { name: 'Lido’s Aragon votes', voteUrl: 'https://vote.lido.fi/', voteLabel: 'Vote on vote.lido.fi' },
    snapshot: { name: 'Lido’s Snapshot space', voteUrl: 'https://snapshot.box/#/s:lido-snapshot.eth', voteLabel: 'Lido’s Snapshot space' },
    easytrack: { name: 'Lido Easy Track motions', voteUrl: 'https://easytrack.lido.fi/', voteLabel: 'Object on easytrack.lido.fi' },
  },
  addressKinds: ['evm'],
  marketName: lidoMarketName,
  upstreams: [
    { id: 'ethereum', for: 'Aragon votes, Dual Governance, Easy Track motions; stETH and wstETH holdings, staking modules' },
    { id: 'snapshot', for: 'the lido-snapshot.eth space' },
    { id: 'ipfs', for: 'vote texts' },
  ],
  parameters: LIDO_PARAMETERS,
  // On demand, like the module's code: the simulator's arithmetic stays out of the functions that only list modules.
  calculators: () => import('./calculators.js').then((m) => m.LIDO_CALCULATORS),
  // On demand: the account's zod schema stays out of the functions that only list modules.
  whatIf: () => import('./whatIf.js').then((m) => m.LIDO_WHAT_IF),
} as const satisfies ModuleInfo;
