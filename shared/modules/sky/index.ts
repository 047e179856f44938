import { CHAINS } from '../../upstream/chainIdentity.js';
import { evmProbe } from '../../upstream/probes/evmProbe.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';
import { SKY_ETHEREUM } from './exposure/deployment.js';
import { savingsVaultAbi } from './exposure/exposureAbi.js';
import { skyExposure } from './exposure/skyExposure.js';

/**
 * Sky: positions only so far. Its governance (executive spells through the chief and the DSPause,
 * SP-BEAM's Set events) is not read yet (README.md), so the module lists no source.
 */
export const sky: ProtocolModule = {
  source: {},
  exposure: skyExposure(),
  demo,
  probes: [evmProbe('ethereum', CHAINS.ethereumMainnet, { address: SKY_ETHEREUM.sUsds, abi: savingsVaultAbi, functionName: 'ssr', what: 'sUSDS’s ssr (per-second ray)' })],
};
