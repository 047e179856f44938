import type { ModuleInfo } from '../types.js';
import { SPARK_PARAMETERS } from './parameters.js';
import { sparkMarketName } from './names.js';

/** Spark: payloads plotted in the Spark StarGuard and the sparkfi.eth space; SparkLend positions on Ethereum and Gnosis. */
export const sparkInfo = {
  slug: 'spark',
  name: 'Spark',
  addressKinds: ['evm'],
  // The chains of exposure/sparkExposure.ts SPARKLEND_MARKETS (test/modules/spark/gnosis.test.ts holds them equal).
  chains: ['ethereum', 'gnosis'],
  marketName: sparkMarketName,
  upstreams: [
    { id: 'ethereum', for: 'Spark StarGuard payloads and their config-engine views; SparkLend positions' },
    { id: 'snapshot', for: 'the sparkfi.eth space' },
    { id: 'gnosis', for: 'SparkLend Gnosis positions (frozen reserves, winding down)' },
  ],
  parameters: SPARK_PARAMETERS,
  calculators: () => import('./calculators.js').then((m) => m.SPARK_CALCULATORS),
  // The lending account on SparkLend's market, as the exposure names it (`npm run simulate`). On demand.
  whatIf: () => import('../../whatIf/lendingAccount.js').then((m) => m.lendingWhatIf('sparklend-ethereum')),
} as const satisfies ModuleInfo;
