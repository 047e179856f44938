import type { ModuleInfo } from '../types.js';
import { skyMarketName } from './names.js';
import { SKY_PARAMETERS } from './parameters.js';

/** Sky (formerly Maker): USDS and DAI balances, sUSDS with the Sky Savings Rate and sDAI with the DAI Savings Rate, on Ethereum. */
export const skyInfo = {
  slug: 'sky',
  name: 'Sky',
  // The keys of index.ts's source: executive spells voted by MKR/SKY holders, and SP-BEAM's bounded rate moves.
  governance: {
    spells: { name: 'Sky executive votes (spells)', voteUrl: 'https://vote.sky.money/executive', voteLabel: 'Executive votes on vote.sky.money' },
    spBeam: { name: 'Sky’s SP-BEAM rate changes (no vote)', voteUrl: 'https://forum.sky.money/', voteLabel: 'Sky forum' },
    polls: { name: 'Sky governance polls (signals)', voteUrl: 'https://vote.sky.money/polling', voteLabel: 'Polls on vote.sky.money' },
  },
  addressKinds: ['evm'],
  marketName: skyMarketName,
  upstreams: [
    { id: 'ethereum', for: 'executive spells (the chief’s hat, the pause delay, eta and cast, the pause’s plot, exec and drop notes of the last 30 days, and the chief’s Etch slates of the last 30 days with each candidate’s approvals), SP-BEAM’s Set events and bounds (cfgs, tau, toc, bad), and the polls of the PollingEmitter v1; USDS, DAI, sUSDS and sDAI balances; the SSR (sUSDS) and the DSR (Pot)' },
    { id: 'github', for: 'each spell’s published after-state (spells-mainnet test config), diffed with the previous spell’s; each poll’s text (the community repository’s governance/polls)' },
  ],
  parameters: SKY_PARAMETERS,
  // On demand, like the module's code: the simulator's arithmetic stays out of the functions that only list modules.
  calculators: () => import('./calculators.js').then((m) => m.SKY_CALCULATORS),
  whatIf: () => import('./whatIf.js').then((m) => m.SKY_WHAT_IF),
  notes: [
    'Sky executive spells are listed from the chief’s hat and the DSPause’s notes of the last 30 days: passed once it is the hat or plotted (effectiveDate its eta, the GSM delay on), executed once cast (effectiveDate the cast’s block time where the pause’s exec was read), canceled if its plan was dropped; their changes come from the after-state the spells repository publishes for the spell, diffed with the previous spell’s. SP-BEAM sets are listed as applied at once (mechanism steward, noticeSeconds 0), with the bounds of the next move as SP-BEAM holds them on chain. Polls are signals (mechanism vote): pending, active or closed by their chain dates, with only the moves their text states in a parseable form (unverified).',
    'Sky positions are read on Ethereum: USDS and DAI as held, and sUSDS and sDAI valued at their convertToAssets, 1 USDS = 1 DAI = 1 USD. A savings vault’s apy is its per-second rate (the SSR or the DSR) compounded over 365 days; an `ssr` or `dsr` change moves it for every holder of that vault.',
    'Sky vaults (the wallet’s own in the CDP manager, those of its DSProxy, and its staking-engine urns) are read from the Vat: debt art × rate (at $1), collateral ink valued at spot × mat (the price liquidations use), health factor ink × spot / (art × rate), which is the collateralization ratio over `mat`; each vault’s market is its ilk (`ETH-A`), which `stabilityFee` and `mat` changes name.',
  ],
  noVoteBounds: (context) => import('./spBeamBounds.js').then((m) => m.skyNoVoteBounds(context)),
} as const satisfies ModuleInfo;
