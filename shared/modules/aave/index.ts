import { snapshotSource } from '../../governance/snapshot/snapshotSource.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';
import { aaveExposure } from './exposure/aaveExposure.js';
import { aaveSource } from './source.js';

/** aavedao.eth is the DAO's space now, aave.eth its earlier one (sources.md §1). */
export const AAVE_SNAPSHOT_SPACES = ['aavedao.eth', 'aave.eth'];

export const aave: ProtocolModule = {
  source: { gov3: aaveSource(), snapshot: snapshotSource({ protocol: 'aave', spaces: AAVE_SNAPSHOT_SPACES }) },
  exposure: aaveExposure(),
  demo,
};
