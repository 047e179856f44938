import { snapshotSource } from '../../governance/snapshot/snapshotSource.js';
import type { ProtocolModule } from '../types.js';
import { compoundSource } from './compoundSource.js';
import { demo } from './demo.js';
import { compoundExposure } from './exposure/compoundExposure.js';

export const compound: ProtocolModule = {
  // Binding votes are on-chain; comp-vote.eth carries Compound's signal votes (sources.md §1, §3).
  source: { governors: compoundSource(), snapshot: snapshotSource({ protocol: 'compound', spaces: ['comp-vote.eth'] }) },
  exposure: compoundExposure(),
  demo,
};
