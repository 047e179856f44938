import { notConnectedExposure } from '../notConnected.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';
import { jitoSource } from './source.js';

export const jito: ProtocolModule = {
  source: { realms: jitoSource() },
  exposure: notConnectedExposure('jito'),
  demo,
};
