import { xrplProbe } from '../../upstream/probes/xrplProbe.js';
import type { ProtocolModule } from '../types.js';
import { xrplCurrentValues } from './currentValues.js';
import { demo } from './demo.js';
import { xrplExposure } from './exposure/xrplExposure.js';
import { xrplSource } from './source.js';

export const xrpl: ProtocolModule = {
  source: { ledger: xrplSource() },
  exposure: xrplExposure(),
  demo,
  currentValues: xrplCurrentValues(),
  probes: [xrplProbe],
};
