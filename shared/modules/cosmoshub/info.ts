import type { ModuleInfo } from '../types.js';
import { HUB_PARAMETERS } from './parameters.js';
import { HUB_SPAM_RULES } from './spamRules.js';

/** The Cosmos Hub: x/gov proposals; ATOM balances and delegations. */
export const cosmoshubInfo = {
  slug: 'cosmoshub',
  name: 'Cosmos Hub',
  governance: {
    gov: { name: 'Cosmos Hub on-chain governance', voteUrl: 'https://www.mintscan.io/cosmos/proposals', voteLabel: 'Proposals on Mintscan' },
  },
  addressKinds: ['cosmos'],
  bech32Prefixes: ['cosmos'],
  spamRules: Object.values(HUB_SPAM_RULES),
  upstreams: [
    { id: 'cosmosRpc', for: 'balances, delegations, validators, mint and staking parameters' },
    { id: 'cosmosRest', for: 'x/gov v1 proposals' },
    { id: 'prices', for: 'the USD price of ATOM' },
  ],
  pricedAssets: { ATOM: 'cosmos' },
  parameters: HUB_PARAMETERS,
  // On demand, like the module's code: the simulator's arithmetic stays out of the functions that only list modules.
  calculators: () => import('./calculators.js').then((m) => m.HUB_CALCULATORS),
  // On demand: the account's zod schema stays out of the functions that only list modules.
  whatIf: () => import('./whatIf.js').then((m) => m.HUB_WHAT_IF),
} as const satisfies ModuleInfo;
