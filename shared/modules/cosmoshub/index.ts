import { cosmosRestProbe, cosmosRpcProbe } from '../../upstream/probes/cosmosProbes.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';
import { cosmoshubExposure } from './exposure/cosmoshubExposure.js';
import { cosmoshubCurrentValues } from './currentValues.js';
import { cosmoshubSource } from './source.js';

export const cosmoshub: ProtocolModule = {
  source: { gov: cosmoshubSource() },
  exposure: cosmoshubExposure(),
  demo,
  currentValues: cosmoshubCurrentValues(),
  probes: [cosmosRpcProbe, cosmosRestProbe],
};
