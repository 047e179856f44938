import { notConnectedExposure, notConnectedSource } from '../notConnected.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';

export const aave: ProtocolModule = {
  source: notConnectedSource('aave'),
  exposure: notConnectedExposure('aave'),
  demo,
};
