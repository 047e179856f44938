import type { ChainReading } from '../../domain/chainReading.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import type { FeedProposal } from '../../domain/proposal.js';
import type { ModuleEntry } from '../../modules/types.js';
import { reportFailure } from '../../upstream/describeFailure.js';
import type { Upstreams } from '../../upstream/upstreams.js';
import { withDeadline } from '../../upstream/withDeadline.js';
import { readsOldValues } from './readsOldValues.js';

export interface WithChainReadingsParameters {
  modules: readonly ModuleEntry[];
  upstreams: Upstreams;
  now: Date;
  /** The whole step's deadline: every module reads in parallel under it; a hung chain never holds the build. */
  deadlineMs: number;
}

/**
 * The feed's proposals, each open one with what the chain holds now where its changes act
 * (`chainReadings`), read by each change's module (ProtocolModule.currentValues) at build time, so the
 * proposal page shows it without reaching a chain. Every failure becomes a reading that says why
 * ("could not be read: …"); this never throws and never drops a proposal or a change.
 */
export async function withChainReadings(proposals: readonly FeedProposal[], parameters: WithChainReadingsParameters): Promise<FeedProposal[]> {
  const wanted = wantedChanges(proposals);
  if (wanted.size === 0) return [...proposals];
  const readings = new Map<ParameterChange, ChainReading>();
  await Promise.all(
    [...wanted].map(async ([protocol, changes]) => {
      const read = await readModule(parameters.modules.find((entry) => entry.slug === protocol), changes, parameters);
      changes.forEach((change, index) => readings.set(change, read[index] ?? { notRead: 'not read' }));
    }),
  );
  return attachReadings(proposals, readings);
}

/** The changes to read, by protocol (each module reads its own in one go). Pure. */
export function wantedChanges(proposals: readonly FeedProposal[]): Map<string, ParameterChange[]> {
  const byProtocol = new Map<string, ParameterChange[]>();
  for (const proposal of proposals) {
    if (!readsOldValues(proposal)) continue;
    for (const change of proposal.changes) byProtocol.set(change.protocol, [...(byProtocol.get(change.protocol) ?? []), change]);
  }
  return byProtocol;
}

/** The proposals with their changes' readings (chainReadings, one per change) where any was read; the others as they were. Pure. */
export function attachReadings(proposals: readonly FeedProposal[], readings: ReadonlyMap<ParameterChange, ChainReading>): FeedProposal[] {
  return proposals.map((proposal) => {
    if (!proposal.changes.some((change) => readings.has(change))) return proposal;
    return { ...proposal, chainReadings: proposal.changes.map((change) => readings.get(change) ?? { notRead: 'not read' }) };
  });
}

async function readModule(entry: ModuleEntry | undefined, changes: readonly ParameterChange[], { upstreams, now, deadlineMs }: WithChainReadingsParameters): Promise<ChainReading[]> {
  const all = (notRead: string): ChainReading[] => changes.map(() => ({ notRead }));
  if (!entry) return all('no module reads this protocol');
  try {
    const reader = (await entry.load()).currentValues;
    if (!reader) return all(`${entry.name}’s current values are not read on chain yet`);
    const read = await withDeadline(deadlineMs, (signal) => reader.readCurrentValues(changes, { signal, now, upstreams, deadlineMs }));
    // A reader that answers for fewer changes than asked leaves the rest said, never guessed.
    return changes.map((_, index) => read[index] ?? { notRead: 'not read' });
  } catch (error) {
    return all(`could not be read (${reportFailure(error, { source: `${entry.slug}/currentValues` })})`);
  }
}
