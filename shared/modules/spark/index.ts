import { snapshotSource } from '../../governance/snapshot/snapshotSource.js';
import { CHAINS } from '../../upstream/chainIdentity.js';
import { evmProbe } from '../../upstream/probes/evmProbe.js';
import { snapshotProbe } from '../../upstream/probes/serviceProbes.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';
import { sparkCurrentValues } from './currentValues.js';
import { sparkExposure } from './exposure/sparkExposure.js';
import { sparkCapAutomatorSource } from './capAutomator.js';
import { sparkSpellsSource } from './source.js';
import { SPARK_STAR_GUARD, starGuardAbi } from './starGuard.js';

/** Spark's Snapshot space, where SPK holders authorise Spark's changes (README.md, Governance path). */
export const SPARK_SNAPSHOT_SPACES = ['sparkfi.eth'];

export const spark: ProtocolModule = {
  source: { starguard: sparkSpellsSource(), snapshot: snapshotSource({ protocol: 'spark', spaces: SPARK_SNAPSHOT_SPACES }), automator: sparkCapAutomatorSource() },
  exposure: sparkExposure(),
  demo,
  currentValues: sparkCurrentValues(),
  probes: [
    evmProbe('ethereum', CHAINS.ethereumMainnet, { address: SPARK_STAR_GUARD, abi: starGuardAbi, functionName: 'maxDelay', what: 'the Spark StarGuard’s maxDelay' }),
    snapshotProbe(SPARK_SNAPSHOT_SPACES),
  ],
};
