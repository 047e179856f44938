import { notConnectedExposure } from '../notConnected.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';
import { lidoSource } from './lidoSource.js';

export const lido: ProtocolModule = {
  source: lidoSource(),
  exposure: notConnectedExposure('lido'),
  demo,
};
