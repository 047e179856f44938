import { notConnectedExposure } from '../notConnected.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';
import { xrplSource } from './xrplSource.js';

export const xrpl: ProtocolModule = {
  source: xrplSource(),
  exposure: notConnectedExposure('xrpl'),
  demo,
};
