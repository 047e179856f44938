import { notConnectedExposure, notConnectedSource } from '../notConnected.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';

export const xrpl: ProtocolModule = {
  source: notConnectedSource('xrpl'),
  exposure: notConnectedExposure('xrpl'),
  demo,
};
