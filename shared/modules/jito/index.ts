import { priceProbe } from '../../upstream/probes/serviceProbes.js';
import { solanaProbe } from '../../upstream/probes/solanaProbe.js';
import type { ProtocolModule } from '../types.js';
import { jitoCurrentValues } from './currentValues.js';
import { demo } from './demo.js';
import { JITO_DEPLOYMENT } from './deployment.js';
import { jitoInfo } from './info.js';
import { jitoExposure } from './exposure/jitoExposure.js';
import { jitoSource } from './source.js';

export const jito: ProtocolModule = {
  source: { realms: jitoSource() },
  exposure: jitoExposure(),
  demo,
  currentValues: jitoCurrentValues(),
  probes: [solanaProbe(JITO_DEPLOYMENT.stakePools.JitoSOL!, 'the JitoSOL stake pool'), priceProbe(jitoInfo.pricedAssets.SOL)],
};
