import { notConnectedExposure } from '../notConnected.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';
import { aaveSource } from './source.js';

export const aave: ProtocolModule = {
  source: aaveSource(),
  exposure: notConnectedExposure('aave'),
  demo,
};
