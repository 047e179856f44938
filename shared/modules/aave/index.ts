import { parseAbi } from 'viem';
import { snapshotSource } from '../../governance/snapshot/snapshotSource.js';
import { CHAINS, hexChainId } from '../../upstream/chainIdentity.js';
import { evmProbe } from '../../upstream/probes/evmProbe.js';
import { ipfsProbe, snapshotProbe } from '../../upstream/probes/serviceProbes.js';
import type { ProtocolModule } from '../types.js';
import { GOVERNANCE_CORE } from './abi.js';
import { aaveCurrentValues } from './currentValues.js';
import { aaveNoVoteBounds } from './stewards/boundsOnChain.js';
import { demo } from './demo.js';
import { marketOfTableRow } from './marketOfName.js';
import { PAYLOAD_CHAINS } from './payloadChains.js';
import { aaveExposure } from './exposure/aaveExposure.js';
import { AAVE_MARKETS, type AaveMarket } from './exposure/markets.js';
import { aaveSource } from './source.js';
import { STEWARD_ARBITRUM, STEWARD_BASE, STEWARD_OPTIMISM } from './stewards/stewardChains.js';
import { aaveStewardsSource } from './stewards/stewardsSource.js';
import { V4_CONFIG_AVALANCHE } from './v4/v4ConfigChains.js';
import { aaveV4ConfigSource } from './v4/v4ConfigSource.js';
import { v4Probes } from './v4/v4Probes.js';

/** aavedao.eth is the DAO's space now, aave.eth its earlier one (sources.md §1). */
export const AAVE_SNAPSHOT_SPACES = ['aavedao.eth', 'aave.eth'];

/** What the doctor asks of a market's pool: Pool.ADDRESSES_PROVIDER() (aave-v3-origin IPool), which every v3 pool answers. */
export const POOL_PROBE_ABI = parseAbi(['function ADDRESSES_PROVIDER() view returns (address)']);
const poolProbe = (market: AaveMarket) => ({ address: market.pool, abi: POOL_PROBE_ABI, functionName: 'ADDRESSES_PROVIDER', what: `the ${market.market} pool’s addresses provider` });

export const aave: ProtocolModule = {
  source: { gov3: aaveSource(), snapshot: snapshotSource({ protocol: 'aave', spaces: AAVE_SNAPSHOT_SPACES, marketOf: marketOfTableRow }), stewards: aaveStewardsSource(), arbstewards: aaveStewardsSource(STEWARD_ARBITRUM), basestewards: aaveStewardsSource(STEWARD_BASE), opstewards: aaveStewardsSource(STEWARD_OPTIMISM), v4stewards: aaveV4ConfigSource(), v4avaxstewards: aaveV4ConfigSource(V4_CONFIG_AVALANCHE) },
  exposure: aaveExposure(),
  demo,
  currentValues: aaveCurrentValues(),
  noVoteBoundsOnChain: aaveNoVoteBounds,
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
    // Each market's pool answers on its chain (the address book's pool, its addresses provider back);
    // a payload chain with no market is asked its chain id alone.
    ...AAVE_MARKETS.map((market) => evmProbe(market.chain, hexChainId(market.viemChain.id), poolProbe(market))),
    ...Object.values(PAYLOAD_CHAINS)
      .filter(({ upstream }) => !AAVE_MARKETS.some((market) => market.chain === upstream))
      .map(({ upstream, chainId }) => evmProbe(upstream, chainId)),
    // Each chain v4 spokes are read on: a spoke's oracle, as the address book pairs them.
    ...v4Probes(),
  ],
};
