import { snapshotSource } from '../../governance/snapshot/snapshotSource.js';
import { snapshotProbe } from '../../upstream/probes/serviceProbes.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';
import { LIDO_PARAMETERS } from './parameters.js';
import { lidoExposure } from './exposure/lidoExposure.js';
import { lidoCurrentValues } from './currentValues.js';
import { LIDO_SNAPSHOT_SPACE, lidoAragonSource } from './source.js';
import { lidoEasyTrackSource } from './easyTrack/easyTrackSource.js';

export const lido: ProtocolModule = {
  source: {
    aragon: lidoAragonSource(),
    snapshot: snapshotSource({ protocol: 'lido', spaces: [LIDO_SNAPSHOT_SPACE], kinds: LIDO_PARAMETERS }),
    // Optimistic motions (issue 23): enacted at their deadline unless LDO holders object.
    easytrack: lidoEasyTrackSource(),
  },
  exposure: lidoExposure(),
  demo,
  currentValues: lidoCurrentValues(),
  probes: [snapshotProbe([LIDO_SNAPSHOT_SPACE])],
};
