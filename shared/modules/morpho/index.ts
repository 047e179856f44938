import { snapshotSource } from '../../governance/snapshot/snapshotSource.js';
import type { ProtocolModule } from '../types.js';
import { demo } from './demo.js';
import { morphoCurrentValues } from './currentValues.js';
import { BASE, ETHEREUM } from './deployment.js';
import { morphoExposure } from './exposure/morphoExposure.js';
import { vaultSource } from './vaultSource.js';

/**
 * The Morpho DAO votes off-chain on morpho.eth (docs.morpho.org governance; MIPs such as MIP28,
 * "Morpho DAO as owner of Morpho Blue"): protocol-wide changes — the fee switch, LLTV and IRM
 * whitelisting — with a DAO multisig executing; no on-chain governor is deployed (README.md).
 */
export const MORPHO_SNAPSHOT_SPACES = ['morpho.eth'];

export const morpho: ProtocolModule = {
  source: {
    ethvaults: vaultSource(ETHEREUM),
    basevaults: vaultSource(BASE),
    snapshot: snapshotSource({ protocol: 'morpho', spaces: MORPHO_SNAPSHOT_SPACES }),
  },
  exposure: morphoExposure(),
  demo,
  currentValues: morphoCurrentValues(),
};
