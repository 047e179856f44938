import type { ModuleInfo } from '../types.js';
import { XRPL_PARAMETERS } from './parameters.js';
import { xrplMarketName } from './names.js';

/** The XRP Ledger's own governance: amendment votes and fee voting; an account's XRP, reserve and trust lines. */
export const xrplInfo = {
  slug: 'xrpl',
  name: 'XRP Ledger',
  // Validators vote on amendments and fees; holders follow them.
  governance: {
    ledger: { name: 'XRP Ledger amendment and fee votes', voteUrl: 'https://xrpl.org/resources/known-amendments', voteLabel: 'Known Amendments on xrpl.org' },
  },
  addressKinds: ['xrpl'],
  marketName: xrplMarketName,
  upstreams: [
    { id: 'xrpl', for: 'amendments, fee voting; account state' },
    { id: 'prices', for: 'the USD price of XRP' },
  ],
  pricedAssets: { XRP: 'ripple' },
  notes: [
    "XRP Ledger amendments appear once they hold a validator majority (status passed, effectiveDate two weeks after the majority's ledger time): public servers show neither vote counts nor which supported amendments are obsolete, so amendments without a majority are left out rather than guessed active.",
    'Fee and reserve changes by validator vote appear as executed proposals with their exact values; a reserve change is priced once, not per year.',
    'Issued tokens on the XRP Ledger are never valued (an IOU is worth what its issuer honours).',
  ],
  exampleWallets: [
    {
      kind: 'xrpl',
      address: 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59',
      note: 'XRP and issued-currency trust lines (the XRP Ledger documentation’s example account).',
    },
  ],
  parameters: XRPL_PARAMETERS,
  // On demand, like the module's code: the simulator's arithmetic stays out of the functions that only list modules.
  calculators: () => import('./calculators.js').then((m) => m.XRPL_CALCULATORS),
  // On demand: the account's zod schema stays out of the functions that only list modules.
  whatIf: () => import('./whatIf.js').then((m) => m.XRPL_WHAT_IF),
} as const satisfies ModuleInfo;
