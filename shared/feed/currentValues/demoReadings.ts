import type { ChainReading } from '../../domain/chainReading.js';
import type { ExposurePosition } from '../../domain/position.js';
import type { FeedProposal } from '../../domain/proposal.js';
import { chainValue } from '../../simulate/chainValue.js';
import type { Registered } from '../../simulate/registered.js';
import { touches } from '../../simulate/touches.js';
import { readsOldValues } from './readsOldValues.js';

/**
 * A demo proposal's readings from the demo chain: the values its demo wallet's positions hold, as a
 * scan of that wallet reads them (chainValue), since mode mock reaches no chain. Pure; the page
 * says the data is made up.
 */
export function demoReadings(proposal: FeedProposal, positions: readonly ExposurePosition[], registered: Registered): FeedProposal {
  if (!readsOldValues(proposal)) return proposal;
  const chainReadings = proposal.changes.map((change): ChainReading => {
    const value = chainValue(change, positions.filter((position) => touches(change, position, registered)), registered);
    return value === undefined ? { notRead: 'the demo wallet’s positions do not hold this value' } : { value };
  });
  return { ...proposal, chainReadings };
}

/**
 * demoReadings with what it needs loaded: the proposal's module's demo positions for the demo
 * wallet of its address kind, and the registered calculators. Loads one module, on demand.
 */
export async function withDemoChain(proposal: FeedProposal): Promise<FeedProposal> {
  if (!readsOldValues(proposal)) return proposal;
  const [{ MODULE_ENTRIES }, { demoWallet }, { registered }] = await Promise.all([import('../../modules/loaders.js'), import('../../demo/wallets.js'), import('../../modules/registry.js')]);
  const entry = MODULE_ENTRIES.find((candidate) => candidate.slug === proposal.protocol);
  if (!entry) return proposal;
  const module = await entry.load();
  const positions = entry.addressKinds.flatMap((kind) => module.demo.positions(demoWallet(kind)));
  return demoReadings(proposal, positions, await registered());
}
