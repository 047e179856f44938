import type { ModuleInfo } from '../types.js';

/** Compound: Governor Bravo and the comp-vote.eth space; Comet and v2 positions on Ethereum. */
export const compoundInfo = {
  slug: 'compound',
  name: 'Compound',
  addressKinds: ['evm'],
  upstreams: [
    { id: 'ethereum', for: 'Governor proposals; Comet and v2 positions' },
    { id: 'snapshot', for: 'the comp-vote.eth space' },
  ],
  // The main market, as the exposure names it: a table's change without a market applies there.
  // On demand: the account's zod schema stays out of the functions that only list modules.
  whatIf: () => import('../../whatIf/lendingAccount.js').then((m) => m.lendingWhatIf('comet-usdc')),
} as const satisfies ModuleInfo;
