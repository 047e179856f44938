import { notConnectedExposure } from '../notConnected.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';
import { cosmoshubSource } from './source.js';

export const cosmoshub: ProtocolModule = {
  source: cosmoshubSource(),
  exposure: notConnectedExposure('cosmoshub'),
  demo,
};
