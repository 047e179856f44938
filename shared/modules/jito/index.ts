import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';
import { jitoExposure } from './exposure/jitoExposure.js';
import { jitoSource } from './source.js';

export const jito: ProtocolModule = {
  source: { realms: jitoSource() },
  exposure: jitoExposure(),
  demo,
};
