import { chainName } from '../../upstream/chainNames.js';
import { UPSTREAM_IDS, type UpstreamId } from '../../upstream/endpoints.js';
import type { ModuleInfo } from '../types.js';
import { COMET_DEPLOYMENTS } from './cometMarketNames.js';
import { COMPOUND_PARAMETERS } from './parameters.js';
import { MARKET_UPDATE_DEPLOYMENTS, PAUSE_CHAINS, pauseSystemOf } from './mechanisms/deployments.js';
import { compoundMarketName } from './names.js';

/**
 * The chains Comet positions are read on, as GET /api lists them: every chain of a published Comet
 * that an upstream serves (exposure/markets.ts reads the same; test/modules/compound/chains.test.ts
 * holds the two equal). Light: no chain library.
 */
export const COMPOUND_POSITION_CHAINS: readonly UpstreamId[] = [...new Set(COMET_DEPLOYMENTS.map((deployment) => deployment.chain as string))].filter((chain): chain is UpstreamId =>
  (UPSTREAM_IDS as readonly string[]).includes(chain),
);

/** Compound: Governor Bravo and the comp-vote.eth space; Comet positions on every chain an upstream serves, v2 on Ethereum. */
export const compoundInfo = {
  slug: 'compound',
  name: 'Compound',
  // The keys of index.ts's source: Governor Bravo and its successor, read as one; comp-vote.eth on Snapshot.
  governance: {
    governors: { name: 'Compound Governor', voteUrl: 'https://www.tally.xyz/gov/compound', voteLabel: 'Vote on Tally' },
    snapshot: { name: 'Compound’s Snapshot space', voteUrl: 'https://snapshot.box/#/s:comp-vote.eth', voteLabel: 'Compound’s Snapshot space' },
    guardian: { name: 'Compound’s pause guardian (no vote)', voteUrl: 'https://www.comp.xyz/', voteLabel: 'Compound community forum' },
    marketupdates: { name: 'Compound’s market-update timelock (no vote)', voteUrl: 'https://www.comp.xyz/', voteLabel: 'Compound community forum' },
    ...Object.fromEntries(
      PAUSE_CHAINS.map((chain) => [pauseSystemOf(chain.upstream), { name: `Compound’s pause guardian on ${chainName(chain.upstream)} (no vote)`, voteUrl: 'https://www.comp.xyz/', voteLabel: 'Compound community forum' }]),
    ),
  },
  addressKinds: ['evm'],
  chains: COMPOUND_POSITION_CHAINS,
  marketName: compoundMarketName,
  upstreams: [
    { id: 'ethereum', for: 'Governor proposals (L2 Comets’ through their bridges); the pause guardian’s last 30 days; Comet and v2 positions' },
    { id: 'snapshot', for: 'the comp-vote.eth space' },
    ...COMPOUND_POSITION_CHAINS.filter((id) => id !== 'ethereum').map((id) => ({
      id,
      for: `Comet positions (one or two requests per scan); ${MARKET_UPDATE_DEPLOYMENTS.some((deployment) => deployment.upstream === id) ? 'the market-admin timelock’s and ' : ''}the pause guardian’s last 30 days (feed builds)`,
    })),
  ],
  parameters: COMPOUND_PARAMETERS,
  // On demand, like the module's code: Comet's arithmetic stays out of the functions that only list modules.
  calculators: () => import('./calculators.js').then((m) => m.COMPOUND_CALCULATORS),
  // The lending account on the main market (comet-usdc, as the exposure names it: a table's change
  // without a market applies there), its curves in Comet's form. On demand, like the calculators.
  whatIf: () => import('./whatIf.js').then((m) => m.compoundWhatIf()),
  noVoteBounds: () => import('./pauseGuardianBounds.js').then((m) => m.COMPOUND_NO_VOTE_BOUNDS),
} as const satisfies ModuleInfo;
