import { OTHER_EVM_CHAINS } from '../../upstream/endpoints.js';
import type { ModuleInfo } from '../types.js';
import { marketOfTableRow } from './marketOfName.js';
import { aaveMarketName } from './names.js';
import { AAVE_PAYLOAD_CHAINS, AAVE_POSITION_CHAINS } from './positionChains.js';
import { AAVE_V4_PARAMETERS } from './v4/parameters.js';

const positionsOn = (id: string): boolean => (AAVE_POSITION_CHAINS as readonly string[]).includes(id);

/** Aave: Governance v3 and its Snapshot spaces; v3 pool positions on every address-book market a chain upstream serves. */
export const aaveInfo = {
  slug: 'aave',
  name: 'Aave',
  // The keys of index.ts's source; the vote links are Aave's own interface and its Snapshot spaces.
  governance: {
    gov3: { name: 'Aave Governance v3', voteUrl: 'https://app.aave.com/governance/', voteLabel: 'Vote on Aave governance' },
    snapshot: { name: 'Aave’s Snapshot spaces', voteUrl: 'https://snapshot.box/#/s:aavedao.eth', voteLabel: 'Aave’s Snapshot space' },
    // No vote: the risk council's and the Edge oracle's updates and guardian freezes (stewards/); their threads are on the forum.
    stewards: { name: 'Risk steward, Edge risk oracle and guardian changes', voteUrl: 'https://governance.aave.com/', voteLabel: 'Aave’s governance forum' },
    arbstewards: { name: 'Risk oracle, steward and guardian changes on Arbitrum', voteUrl: 'https://governance.aave.com/', voteLabel: 'Aave’s governance forum' },
    basestewards: { name: 'Risk oracle, steward and guardian changes on Base', voteUrl: 'https://governance.aave.com/', voteLabel: 'Aave’s governance forum' },
    opstewards: { name: 'Risk oracle, steward and guardian changes on Optimism', voteUrl: 'https://governance.aave.com/', voteLabel: 'Aave’s governance forum' },
    // No vote: the v4 risk steward's configurator changes on the hubs and spokes (v4/v4ConfigSource.ts).
    v4stewards: { name: 'Risk steward changes to the v4 hubs and spokes', voteUrl: 'https://governance.aave.com/', voteLabel: 'Aave’s governance forum' },
    v4avaxstewards: { name: 'Risk steward changes to the v4 hubs and spokes on Avalanche', voteUrl: 'https://governance.aave.com/', voteLabel: 'Aave’s governance forum' },
  },
  addressKinds: ['evm'],
  chains: AAVE_POSITION_CHAINS,
  marketName: aaveMarketName,
  // Aave v4's keyed spoke configuration; v3's parameters are the shared lending vocabulary.
  parameters: AAVE_V4_PARAMETERS,
  calculators: () => import('./v4/calculators.js').then((m) => m.AAVE_V4_CALCULATORS),
  upstreams: [
    { id: 'ethereum', for: 'Governance v3 proposals and payloads; v3 pool positions (Core, Prime, EtherFi, Horizon); v4 spoke positions; 30 days of risk-steward, risk-oracle and guardian logs' },
    { id: 'snapshot', for: 'the aavedao.eth and aave.eth spaces' },
    { id: 'ipfs', for: 'proposal texts' },
    { id: 'polygon', for: 'live votes on the voting machine; v3 pool positions' },
    { id: 'avalanche', for: 'live votes on the voting machine; v3 pool positions; v4 spoke positions; 30 days of v4 hub and spoke configuration logs' },
    // Payloads run on these chains too: their state (created, queued, executed) is read there.
    ...OTHER_EVM_CHAINS.filter((id) => AAVE_PAYLOAD_CHAINS.includes(id)).map((id) => ({ id, for: positionsOn(id) ? 'v3 pool positions (one or two requests per scan); the state of Governance v3 payloads run there' : 'the state of Governance v3 payloads run there' })),
  ],
  exampleProposalId: 'aave-demo-2',
  // "Ethereum Prime", "OP Mainnet": a row naming another market never lands on the what-if account's.
  tableMarket: marketOfTableRow,
  // The main market, as the exposure names it: a table's change without a market applies there.
  // On demand: the account's zod schema stays out of the functions that only list modules.
  // A v4 spoke account (`spoke`) beside the v3 one.
  whatIf: () => Promise.all([import('../../whatIf/lendingAccount.js'), import('./v4/v4WhatIf.js')]).then(([lending, v4]) => v4.withV4Spokes(lending.lendingWhatIf('aave-v3-ethereum', 'ltvzeroBitmap'))),
  noVoteBounds: () => import('./stewardBounds.js').then((m) => m.AAVE_NO_VOTE_BOUNDS),
} as const satisfies ModuleInfo;
