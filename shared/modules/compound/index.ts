import { notConnectedExposure, notConnectedSource } from '../notConnected.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';

export const compound: ProtocolModule = {
  source: notConnectedSource('compound'),
  exposure: notConnectedExposure('compound'),
  demo,
};
