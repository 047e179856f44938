import { cosmosRestProbe, cosmosRpcProbe } from '../../upstream/probes/cosmosProbes.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';
import { cosmoshubExposure } from './exposure/cosmoshubExposure.js';
import { cosmoshubSource } from './source.js';

export const cosmoshub: ProtocolModule = {
  source: { gov: cosmoshubSource() },
  exposure: cosmoshubExposure(),
  demo,
  probes: [cosmosRpcProbe, cosmosRestProbe],
};
