import { snapshotSource } from '../../governance/snapshot/snapshotSource.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';
import { aaveExposure } from './exposure/aaveExposure.js';
import { aaveSource } from './source.js';

export const aave: ProtocolModule = {
  // aavedao.eth is the DAO's space now, aave.eth its earlier one (sources.md §1).
  source: { gov3: aaveSource(), snapshot: snapshotSource({ protocol: 'aave', spaces: ['aavedao.eth', 'aave.eth'] }) },
  exposure: aaveExposure(),
  demo,
};
