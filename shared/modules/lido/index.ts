import { notConnectedExposure, notConnectedSource } from '../notConnected.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';

export const lido: ProtocolModule = {
  source: notConnectedSource('lido'),
  exposure: notConnectedExposure('lido'),
  demo,
};
