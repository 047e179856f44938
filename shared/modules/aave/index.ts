import { parseAbi } from 'viem';
import { snapshotSource } from '../../governance/snapshot/snapshotSource.js';
import { CHAINS } from '../../upstream/chainIdentity.js';
import { evmProbe } from '../../upstream/probes/evmProbe.js';
import { ipfsProbe, snapshotProbe } from '../../upstream/probes/serviceProbes.js';
import type { ProtocolModule } from '../types.js';
import { GOVERNANCE_CORE } from './abi.js';
import { demo } from './demo.js';
import { marketOfTableRow } from './marketOfName.js';
import { PAYLOAD_CHAINS } from './payloadChains.js';
import { aaveExposure } from './exposure/aaveExposure.js';
import { aaveSource } from './source.js';

/** aavedao.eth is the DAO's space now, aave.eth its earlier one (sources.md §1). */
export const AAVE_SNAPSHOT_SPACES = ['aavedao.eth', 'aave.eth'];

export const aave: ProtocolModule = {
  source: { gov3: aaveSource(), snapshot: snapshotSource({ protocol: 'aave', spaces: AAVE_SNAPSHOT_SPACES, marketOf: marketOfTableRow }) },
  exposure: aaveExposure(),
  demo,
  probes: [
    evmProbe('ethereum', CHAINS.ethereumMainnet, {
      address: GOVERNANCE_CORE,
      abi: parseAbi(['function getProposalsCount() view returns (uint256)']),
      functionName: 'getProposalsCount',
      what: 'Aave Governance v3 proposals',
    }),
    snapshotProbe(AAVE_SNAPSHOT_SPACES),
    // Proposal 516's text: content-addressed, so any honest gateway serves these exact bytes forever (test/fixtures/upstream/ipfs/aave.md).
    ipfsProbe('QmWmHsyRVPvuLtubKFDxbsbYczK95hXHq4HMMCxKakAi77', 'the text of Aave proposal 516'),
    ...Object.values(PAYLOAD_CHAINS).map(({ upstream, chainId }) => evmProbe(upstream, chainId)),
  ],
};
