import type { ModuleInfo } from '../types.js';
import { SPARK_PARAMETERS } from './parameters.js';
import { sparkMarketName } from './names.js';

/** Spark: payloads plotted in the Spark StarGuard and the sparkfi.eth space; SparkLend positions on Ethereum and Gnosis. */
export const sparkInfo = {
  slug: 'spark',
  name: 'Spark',
  // Spark's spells pass through Sky's executive votes, then its StarGuard.
  governance: {
    starguard: { name: 'Spark spells (Sky executive votes)', voteUrl: 'https://vote.sky.money/executive', voteLabel: 'Executive votes on vote.sky.money' },
    snapshot: { name: 'Spark’s Snapshot space', voteUrl: 'https://snapshot.box/#/s:sparkfi.eth', voteLabel: 'Spark’s Snapshot space' },
    // No vote: the cap automator's cap moves and freezes with no spell (capAutomator.ts).
    automator: { name: 'SparkLend cap automator and freezes', voteUrl: 'https://etherscan.io/address/0x4C1341636721b8B687647920B2E9481f3AB1F2eE#events', voteLabel: 'The cap automator’s events' },
  },
  addressKinds: ['evm'],
  // The chains of exposure/sparkExposure.ts SPARKLEND_MARKETS (test/modules/spark/gnosis.test.ts holds them equal).
  chains: ['ethereum', 'gnosis'],
  marketName: sparkMarketName,
  upstreams: [
    { id: 'ethereum', for: 'Spark StarGuard payloads and their config-engine views; SparkLend positions; 30 days of cap-automator and freeze logs' },
    { id: 'snapshot', for: 'the sparkfi.eth space' },
    { id: 'gnosis', for: 'SparkLend Gnosis positions (frozen reserves, winding down)' },
  ],
  parameters: SPARK_PARAMETERS,
  calculators: () => import('./calculators.js').then((m) => m.SPARK_CALCULATORS),
  // The lending account on SparkLend's market, as the exposure names it (`npm run simulate`). On demand.
  whatIf: () => import('../../whatIf/lendingAccount.js').then((m) => m.lendingWhatIf('sparklend-ethereum')),
  noVoteBounds: () => import('./freezerBounds.js').then((m) => m.SPARK_NO_VOTE_BOUNDS),
} as const satisfies ModuleInfo;
