import type { ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition } from '../domain/position.js';
import type { FeedProposal } from '../domain/proposal.js';
import type { Registered } from '../simulate/registered.js';
import { EMODE_PARAMETERS } from '../simulate/touches.js';

/**
 * A stored feed's proposals indexed by protocol, then by the asset or market their changes name, so
 * a scan simulates only the proposals that could touch the wallet rather than every proposal of its
 * protocols: with thousands of proposals stored, matching them all was most of a cached-positions
 * scan's CPU. The index is a superset of touches() (shared/simulate/touches.ts), never a narrower
 * rule: a change is filed under its asset when touches() needs that asset to be the position's own
 * or a collateral of its account, under its market when it names a market and no asset (touches()
 * then needs the position's market), and under its whole protocol otherwise (no asset and no
 * market, eMode categories, and every kind whose module decides with its own `touches`). The
 * simulator still decides every candidate. Built once per feed version (per proposals array). Pure.
 */
export interface ProposalIndex {
  /** Per protocol: per key ('*', 'asset:<lower-case symbol>', 'market:<name>'), the proposals' positions in the feed. */
  byProtocol: ReadonlyMap<string, ReadonlyMap<string, readonly number[]>>;
  proposals: readonly FeedProposal[];
}

const WHOLE_PROTOCOL = '*';
const assetKey = (asset: string) => `asset:${asset.toLowerCase()}`;
const marketKey = (market: string) => `market:${market}`;

/** The key a change is filed under (see ProposalIndex). Pure. */
export function keyOfChange(change: ParameterChange, registered: Registered): string {
  if (registered.calculatorOf(change)?.touches || EMODE_PARAMETERS.has(change.parameter)) return WHOLE_PROTOCOL;
  if (change.asset !== undefined) return assetKey(change.asset);
  if (change.market !== undefined) return marketKey(change.market);
  return WHOLE_PROTOCOL;
}

const built = new WeakMap<readonly FeedProposal[], ProposalIndex>();

/** The index of `proposals`, built on first use and kept while the array lives (one feed version). */
export function proposalIndex(proposals: readonly FeedProposal[], registered: Registered): ProposalIndex {
  let index = built.get(proposals);
  if (index) return index;
  const byProtocol = new Map<string, Map<string, number[]>>();
  proposals.forEach((proposal, at) => {
    let keys = byProtocol.get(proposal.protocol);
    if (!keys) byProtocol.set(proposal.protocol, (keys = new Map()));
    // A proposal without changes is unquantified for every holder of its protocol.
    const filed = proposal.changes.length === 0 ? [WHOLE_PROTOCOL] : new Set(proposal.changes.map((change) => keyOfChange(change, registered)));
    for (const key of filed) {
      const list = keys.get(key);
      if (list) list.push(at);
      else keys.set(key, [at]);
    }
  });
  index = { byProtocol, proposals };
  built.set(proposals, index);
  return index;
}

/** The keys a position is looked up by: its protocol's whole, its asset, its market and its account's collateral. Pure. */
function keysOfPosition({ position, inputs }: ExposurePosition): string[] {
  return [
    WHOLE_PROTOCOL,
    assetKey(position.asset),
    ...(inputs.market !== undefined ? [marketKey(inputs.market)] : []),
    ...(inputs.account?.collateral.map((entry) => assetKey(entry.asset)) ?? []),
  ];
}

/**
 * The proposals of `protocols` that may touch `positions`, in feed order: those filed under a key
 * of a position of theirs. A protocol the wallet holds nothing in contributes none (the simulator
 * would find nothing held). Pure.
 */
export function candidateProposals(index: ProposalIndex, positions: readonly ExposurePosition[], protocols: readonly string[]): FeedProposal[] {
  const wanted = new Set(protocols);
  const found = new Set<number>();
  for (const exposure of positions) {
    if (!wanted.has(exposure.position.protocol)) continue;
    const keys = index.byProtocol.get(exposure.position.protocol);
    if (!keys) continue;
    for (const key of keysOfPosition(exposure)) for (const at of keys.get(key) ?? []) found.add(at);
  }
  return [...found].sort((a, b) => a - b).map((at) => index.proposals[at]!);
}
