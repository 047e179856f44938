import { notConnectedExposure, notConnectedSource } from '../notConnected.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';

export const cosmoshub: ProtocolModule = {
  source: notConnectedSource('cosmoshub'),
  exposure: notConnectedExposure('cosmoshub'),
  demo,
};
