import type { ModuleInfo } from '../types.js';

/** Lido: Aragon votes under Dual Governance and the Snapshot space; stETH and wstETH holdings. */
export const lidoInfo = {
  slug: 'lido',
  name: 'Lido',
  addressKinds: ['evm'],
  upstreams: [
    { id: 'ethereum', for: 'Aragon votes, Dual Governance; stETH and wstETH holdings, staking modules' },
    { id: 'snapshot', for: 'the lido-snapshot.eth space' },
    { id: 'ipfs', for: 'vote texts' },
  ],
} as const satisfies ModuleInfo;
