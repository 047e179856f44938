import { notConnectedExposure, notConnectedSource } from '../notConnected.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';

export const jito: ProtocolModule = {
  source: notConnectedSource('jito'),
  exposure: notConnectedExposure('jito'),
  demo,
};
