import { parseAbi } from 'viem';
import { AAVE_SNAPSHOT_SPACES } from '../modules/aave/index.js';
import { GOVERNANCE_CORE } from '../modules/aave/abi.js';
import { PAYLOAD_CHAINS } from '../modules/aave/payloadChains.js';
import { COMPOUND_SNAPSHOT_SPACES } from '../modules/compound/index.js';
import { JITO_DEPLOYMENT } from '../modules/jito/deployment.js';
import { LIDO_SNAPSHOT_SPACE } from '../modules/lido/lidoSource.js';
import { CHAINS } from '../upstream/chainIdentity.js';
import type { Probe } from '../upstream/probes/probe.js';
import { cosmosRestProbe, cosmosRpcProbe, evmProbe, ipfsProbe, priceProbe, snapshotProbe, solanaProbe, xrplProbe } from '../upstream/probes/probes.js';

/**
 * The text of Aave proposal 516 on IPFS: content-addressed, so any honest gateway serves these
 * exact bytes forever (test/fixtures/upstream/ipfs/aave.md).
 */
const KNOWN_CID = 'QmWmHsyRVPvuLtubKFDxbsbYczK95hXHq4HMMCxKakAi77';

/** One probe per configured upstream, each asking what the modules need of it. */
export function upstreamChecks(): Probe[] {
  const payloadChains = Object.values(PAYLOAD_CHAINS).map(({ upstream, chainId }) => evmProbe(upstream, chainId));
  return [
    evmProbe('ethereum', CHAINS.ethereumMainnet, {
      address: GOVERNANCE_CORE,
      abi: parseAbi(['function getProposalsCount() view returns (uint256)']),
      functionName: 'getProposalsCount',
      what: 'Aave Governance v3 proposals',
    }),
    snapshotProbe([...AAVE_SNAPSHOT_SPACES, ...COMPOUND_SNAPSHOT_SPACES, LIDO_SNAPSHOT_SPACE]),
    ipfsProbe(KNOWN_CID, 'the text of Aave proposal 516'),
    solanaProbe(JITO_DEPLOYMENT.stakePools.JitoSOL!, 'the JitoSOL stake pool'),
    cosmosRpcProbe,
    cosmosRestProbe,
    xrplProbe,
    ...payloadChains,
    priceProbe('solana'),
  ];
}
