import { CHAINS } from '../../upstream/chainIdentity.js';
import { evmProbe } from '../../upstream/probes/evmProbe.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';
import { skyCurrentValues } from './currentValues.js';
import { SKY_ETHEREUM } from './exposure/deployment.js';
import { savingsVaultAbi } from './exposure/exposureAbi.js';
import { skyExposure } from './exposure/skyExposure.js';
import { skyPollSource, skySpBeamSource, skySpellSource } from './source.js';
import { spellsArchiveProbe } from './spells/spellsProbe.js';

/**
 * Sky: executive spells (the chief's hat, its plot and cast, its changes from the after-state the
 * spells repository publishes), SP-BEAM's Set events and polls (signals), each a governance system
 * of its own, so a GitHub outage never makes SP-BEAM's sets stale; positions in USDS, DAI, sUSDS and sDAI.
 */
export const sky: ProtocolModule = {
  source: { spells: skySpellSource(), spBeam: skySpBeamSource(), polls: skyPollSource() },
  exposure: skyExposure(),
  demo,
  currentValues: skyCurrentValues(),
  probes: [evmProbe('ethereum', CHAINS.ethereumMainnet, { address: SKY_ETHEREUM.sUsds, abi: savingsVaultAbi, functionName: 'ssr', what: 'sUSDS’s ssr (per-second ray)' }), spellsArchiveProbe],
};
