import { parseAbi } from 'viem';
import { snapshotSource } from '../../governance/snapshot/snapshotSource.js';
import { hexChainId } from '../../upstream/chainIdentity.js';
import { evmProbe } from '../../upstream/probes/evmProbe.js';
import { snapshotProbe } from '../../upstream/probes/serviceProbes.js';
import type { ProtocolModule } from '../types.js';
import { compoundSource } from './source.js';
import { compoundCurrentValues } from './currentValues.js';
import { demo } from './demo.js';
import { compoundExposure } from './exposure/compoundExposure.js';
import { type CometMarket, cometsByChain } from './exposure/markets.js';
import { compoundGuardianSource } from './mechanisms/guardianSource.js';
import { PAUSE_CHAINS, pauseSystemOf } from './mechanisms/deployments.js';
import { compoundL2PauseSource } from './mechanisms/l2PauseSource.js';
import { compoundMarketUpdateSource } from './mechanisms/marketUpdateSource.js';

/** Binding votes are on-chain; comp-vote.eth carries Compound's signal votes (sources.md §1, §3). */
export const COMPOUND_SNAPSHOT_SPACES = ['comp-vote.eth'];

export const COMET_PROBE_ABI = parseAbi(['function baseToken() view returns (address)']);
const cometProbe = (market: CometMarket) => ({ address: market.comet, abi: COMET_PROBE_ABI, functionName: 'baseToken', what: `the ${market.market} Comet’s base token` });

export const compound: ProtocolModule = {
  source: {
    governors: compoundSource(),
    snapshot: snapshotSource({ protocol: 'compound', spaces: COMPOUND_SNAPSHOT_SPACES }),
    // Changes made without a vote (issue 23): the pause guardian on Ethereum, the market-admin timelock on Optimism.
    guardian: compoundGuardianSource(),
    marketupdates: compoundMarketUpdateSource(),
    // Each L2's Comet pauses, a system per chain: one chain's outage keeps its last good items alone.
    ...Object.fromEntries(PAUSE_CHAINS.map((chain) => [pauseSystemOf(chain.upstream), compoundL2PauseSource(chain)])),
  },
  exposure: compoundExposure(),
  demo,
  currentValues: compoundCurrentValues(),
  // Each chain Comets are read on: its first Comet answers there (a chain only Compound reads, such as Unichain, is checked nowhere else).
  probes: [snapshotProbe(COMPOUND_SNAPSHOT_SPACES), ...[...cometsByChain()].map(([chain, [first]]) => evmProbe(chain, hexChainId(first!.viemChain.id), cometProbe(first!)))],
};
