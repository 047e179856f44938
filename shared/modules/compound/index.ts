import { notConnectedExposure } from '../notConnected.js';
import type { ProtocolModule } from '../types.js';
import { compoundSource } from './compoundSource.js';
import { demo } from './demo.js';

export const compound: ProtocolModule = {
  source: compoundSource(),
  exposure: notConnectedExposure('compound'),
  demo,
};
