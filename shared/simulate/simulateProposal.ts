import type { ProposalImpact } from '../contract/proposal.js';
import type { ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition, LendingAccount } from '../domain/position.js';
import type { FeedProposal } from '../domain/proposal.js';
import { type CheckedChange, checkAgainstChain, SIMULABLE, startingFromChain } from './checkAgainstChain.js';
import { combineEffects } from './combineEffects.js';
import type { Effect } from './effect.js';
import { formatUsd } from './formatUsd.js';
import { LENDING_PARAMETERS, lendingEffects } from './lendingEffects.js';
import { RATE_PARAMETERS } from './rateAfter.js';
import { RESERVE_PARAMETERS, reserveEffect } from './reserveEffect.js';
import { SHAPE_PARAMETERS, shapeEffect } from './shapeEffect.js';
import { touches } from './touches.js';
import { inEffectEffect, notSimulatedEffect, unquantifiedEffect } from './unsimulatedEffects.js';
import { yearlyEffect } from './yearlyEffect.js';

/** What a proposal does to a wallet: the impact, each change with its verdict against the chain, and the effects behind it. */
export interface ProposalSimulation {
  impact: ProposalImpact;
  changes: CheckedChange[];
  effects: Effect[];
}

/**
 * The impact of a proposal on a wallet's positions, or null when it touches none of them.
 * Pure: plain data in, plain data out; no upstream, store or clock.
 *
 * @example simulateProposal(proposal, positions)?.estimatedChange // 'health factor 1.42 → 1.36'
 */
export const simulateProposal = (proposal: FeedProposal, positions: readonly ExposurePosition[]): ProposalImpact | null =>
  simulateProposalInDetail(proposal, positions)?.impact ?? null;

/**
 * The whole simulation: every change checked against what the scan read (checkAgainstChain), then
 * all of the proposal's usable changes applied together, per lending account (health factor,
 * borrowing power) and per position (yearly rate, reserve, shape), each effect graded by its own
 * rule (levels.ts), and the effects combined honestly (combineEffects). Pure.
 */
export function simulateProposalInDetail(proposal: FeedProposal, positions: readonly ExposurePosition[]): ProposalSimulation | null {
  const held = positions.filter(({ position }) => position.protocol === proposal.protocol);
  if (held.length === 0) return null;
  if (proposal.changes.length === 0) return { impact: unquantified(held), changes: [], effects: [] };

  const reaching = proposal.changes.flatMap((change) => {
    const touched = held.filter((exposure) => touches(change, exposure));
    return touched.length === 0 ? [] : [{ checked: checkAgainstChain(change, touched), touched }];
  });
  if (reaching.length === 0) return null;

  const usable = reaching.filter(({ checked }) => SIMULABLE.has(checked.verdict)).map(({ checked, touched }) => ({ change: startingFromChain(checked), touched }));
  const effects: Effect[] = [
    ...lendingEffectsOf(usable),
    ...perPosition(usable, RATE_PARAMETERS, (changes, exposure) => [yearlyEffect(changes, exposure)]),
    ...reserveEffectsOf(reaching, usable),
    ...usable.filter(({ change }) => SHAPE_PARAMETERS.has(change.parameter)).flatMap(({ change, touched }) => touched.map((exposure) => shapeEffect(change, exposure))),
    ...usable.filter(({ change }) => !KNOWN.has(change.parameter)).map(({ change, touched }) => unquantifiedEffect(change, touched)),
    ...reaching.filter(({ checked }) => checked.verdict === 'in_effect' && !RESERVE_PARAMETERS.has(checked.change.parameter)).map(({ checked }) => inEffectEffect(checked)),
    ...reaching.filter(({ checked }) => !SIMULABLE.has(checked.verdict) && checked.verdict !== 'in_effect').map(({ checked }) => notSimulatedEffect(checked)),
  ];
  return { impact: combineEffects(effects, proposal.status), changes: reaching.map(({ checked }) => checked), effects };
}

const KNOWN: ReadonlySet<string> = new Set([...LENDING_PARAMETERS, ...RATE_PARAMETERS, ...RESERVE_PARAMETERS, ...SHAPE_PARAMETERS]);

type Reaching = { change: ParameterChange; touched: ExposurePosition[] };

/** Every lending account the changes reach, with the changes that reach it, applied together. */
function lendingEffectsOf(usable: readonly Reaching[]): Effect[] {
  const accounts = new Map<string, { account: LendingAccount; changes: ParameterChange[] }>();
  for (const { change, touched } of usable) {
    if (!LENDING_PARAMETERS.has(change.parameter)) continue;
    for (const { inputs } of touched) {
      if (!inputs.account) continue;
      const entry = accounts.get(inputs.account.market) ?? { account: inputs.account, changes: [] };
      if (!entry.changes.includes(change)) entry.changes.push(change);
      accounts.set(inputs.account.market, entry);
    }
  }
  return [...accounts.values()].flatMap(({ account, changes }) => lendingEffects(account, changes));
}

/** Every position the given kind of changes reach, with all of those that reach it at once. */
function perPosition(usable: readonly Reaching[], parameters: ReadonlySet<string>, effectOf: (changes: ParameterChange[], exposure: ExposurePosition) => Effect[]): Effect[] {
  const byPosition = new Map<ExposurePosition, ParameterChange[]>();
  for (const { change, touched } of usable) {
    if (!parameters.has(change.parameter)) continue;
    for (const exposure of touched) byPosition.set(exposure, [...(byPosition.get(exposure) ?? []), change]);
  }
  return [...byPosition].flatMap(([exposure, changes]) => effectOf(changes, exposure));
}

/**
 * XRPL reserves: a proposal's reserve changes move one number and apply at one flag ledger, so
 * they go together; when the ledger already carries all of them, reserveEffect tells what they did.
 */
function reserveEffectsOf(reaching: readonly { checked: CheckedChange; touched: ExposurePosition[] }[], usable: readonly Reaching[]): Effect[] {
  const reserves = reaching.filter(({ checked }) => RESERVE_PARAMETERS.has(checked.change.parameter));
  if (reserves.length === 0) return [];
  const touched = reserves[0]!.touched;
  if (reserves.every(({ checked }) => checked.verdict === 'in_effect')) return touched.map((exposure) => reserveEffect(reserves.map(({ checked }) => checked.change), exposure));
  const changes = usable.filter(({ change }) => RESERVE_PARAMETERS.has(change.parameter)).map(({ change }) => change);
  return changes.length === 0 ? [] : touched.map((exposure) => reserveEffect(changes, exposure));
}

/** The proposal carries no machine-readable change: it concerns a protocol the wallet uses, no more is known. */
function unquantified(held: readonly ExposurePosition[]): ProposalImpact {
  const priced = held.every(({ inputs }) => inputs.valueUsd !== undefined);
  const value = held.reduce((sum, { inputs }) => sum + (inputs.valueUsd ?? 0), 0);
  const assets = [...new Set(held.map(({ position }) => position.asset))];
  return {
    level: 'none',
    summary: priced
      ? `Concerns a protocol you hold ${formatUsd(value)} in; its changes are not machine-readable yet.`
      : `Concerns a protocol you hold ${assets.join(', ')} in; its changes are not machine-readable yet.`,
    affectedAssets: assets,
    analysisStatus: 'awaiting_analysis',
  };
}

