import { IMPACT_RANK } from '../api/schemas/enums.js';
import type { ProposalImpact } from '../api/schemas/proposal.js';
import type { ExposurePosition } from '../domain/position.js';
import type { FeedProposal } from '../domain/proposal.js';
import type { Effect } from './effect.js';
import { formatUsd } from './formatUsd.js';
import { RESERVE_PARAMETERS, reserveEffect, simulateChange } from './simulateChange.js';
import { touches } from './touches.js';

/** A vote that ended without passing, or a withdrawn proposal, changes nothing. */
const WILL_NOT_HAPPEN: ReadonlySet<string> = new Set(['closed', 'canceled']);

/**
 * The impact of a proposal on a wallet's positions, or null when it touches none of them.
 * Pure: plain data in, plain data out; no upstream, store or clock.
 *
 * @example simulateProposal(proposal, positions)?.estimatedChange // 'health factor 1.42 → 1.36'
 */
export function simulateProposal(proposal: FeedProposal, positions: ExposurePosition[]): ProposalImpact | null {
  const held = positions.filter(({ position }) => position.protocol === proposal.protocol);
  if (held.length === 0) return null;
  if (proposal.changes.length === 0) return unquantified(held);

  const effects: Effect[] = [];
  const reserveChanges = proposal.changes.filter((change) => change.verified && RESERVE_PARAMETERS.has(change.parameter));
  if (reserveChanges.length > 0) {
    const touched = held.filter((exposure) => touches(reserveChanges[0]!, exposure));
    effects.push(...touched.map((exposure) => reserveEffect(reserveChanges, exposure)));
  }
  for (const change of proposal.changes) {
    if (reserveChanges.includes(change)) continue;
    const touched = held.filter((exposure) => touches(change, exposure));
    if (touched.length === 0) continue;
    effects.push(...(change.verified ? simulateChange(change, touched) : [unverified(change.parameter, change.from, change.to, touched)]));
  }
  if (effects.length === 0) return null;
  const impact = combine(effects);
  return WILL_NOT_HAPPEN.has(proposal.status)
    ? { ...impact, level: 'none', summary: `Did not pass, so nothing changes. Had it passed: ${impact.summary}` }
    : impact;
}

function combine(effects: Effect[]): ProposalImpact {
  const ranked = [...effects].sort((a, b) => IMPACT_RANK[b.level] - IMPACT_RANK[a.level]);
  const top = ranked[0]!;
  const usd = effects.filter((effect) => effect.usd !== undefined);
  const changes = ranked.flatMap((effect) => (effect.estimatedChange ? [effect.estimatedChange] : []));
  const details = ranked.flatMap((effect) => (effect.details ? [effect.details] : []));
  const others = ranked.length - 1;
  return {
    level: top.level,
    summary: others > 0 ? `${top.summary} (+${others} more ${others === 1 ? 'change' : 'changes'})` : top.summary,
    ...(details.length > 0 && { details: details.join(' ') }),
    affectedAssets: [...new Set(effects.flatMap((effect) => effect.assets))].filter(Boolean),
    ...(changes.length > 0 && { estimatedChange: changes.join('; ') }),
    ...(usd.length > 0 && { estimatedImpactUsd: Math.round(usd.reduce((sum, effect) => sum + effect.usd!, 0) * 100) / 100 }),
    analysisStatus: effects.every((effect) => effect.simulated) ? 'simulated' : 'awaiting_analysis',
  };
}

/** A change read from the proposal's text: shown as the text states it, never simulated. */
function unverified(parameter: string, from: unknown, to: unknown, touched: ExposurePosition[]): Effect {
  const assets = [...new Set(touched.map(({ position }) => position.asset))];
  return {
    level: 'low',
    summary: `The proposal text changes ${parameter} for ${assets.join(', ')}; not yet verified against its on-chain actions.`,
    details: `Text says ${parameter}: ${from ?? '?'} → ${to}.`,
    assets,
    simulated: false,
  };
}

/** The proposal carries no machine-readable change: it concerns a protocol the wallet uses, no more is known. */
function unquantified(held: ExposurePosition[]): ProposalImpact {
  const priced = held.every(({ inputs }) => inputs.valueUsd !== undefined);
  const value = held.reduce((sum, { inputs }) => sum + (inputs.valueUsd ?? 0), 0);
  return {
    level: 'none',
    summary: priced
      ? `Concerns a protocol you hold ${formatUsd(value)} in; its changes are not machine-readable yet.`
      : `Concerns a protocol you hold ${[...new Set(held.map(({ position }) => position.asset))].join(', ')} in; its changes are not machine-readable yet.`,
    affectedAssets: [...new Set(held.map(({ position }) => position.asset))],
    analysisStatus: 'awaiting_analysis',
  };
}
