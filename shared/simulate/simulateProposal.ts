import type { ProposalImpact } from '../contract/proposal.js';
import type { ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition, LendingAccount } from '../domain/position.js';
import type { FeedProposal } from '../domain/proposal.js';
import { type CheckedChange, checkAgainstChain, SIMULABLE, startingFromChain } from './checkAgainstChain.js';
import { combineEffects } from './combineEffects.js';
import type { Effect } from './effect.js';
import { LENDING_PARAMETERS, lendingEffects } from './lendingEffects.js';
import { movesRate } from './rateAfter.js';
import type { Registered } from './registered.js';
import { SHAPE_PARAMETERS, shapeEffect } from './shapeEffect.js';
import { touches } from './touches.js';
import { inEffectEffect, notSimulatedEffect, unquantifiedEffect } from './unsimulatedEffects.js';
import { yearlyEffect } from './yearlyEffect.js';

/** What a proposal does to a wallet: the impact, each change with its verdict against the chain, and the effects behind it. */
export interface ProposalSimulation {
  impact: ProposalImpact;
  changes: CheckedChange[];
  effects: Effect[];
  /** Each lending account the proposal's usable lending changes reach, with those changes (what its health factor effect applied): the page's what-to-do maths start from them. */
  accounts: AccountChanges[];
}

/** One lending account and the changes of one proposal applied to it together. */
export interface AccountChanges {
  account: LendingAccount;
  changes: ParameterChange[];
}

/**
 * The impact of a proposal on a wallet's positions, or null when it touches none of them.
 * Pure: plain data in, plain data out; no upstream, store or clock.
 *
 * @example simulateProposal(proposal, positions)?.estimatedChange // 'health factor 1.42 → 1.36'
 */
export const simulateProposal = (proposal: FeedProposal, positions: readonly ExposurePosition[], registered: Registered): ProposalImpact | null =>
  simulateProposalInDetail(proposal, positions, registered)?.impact ?? null;

/**
 * The whole simulation: every change checked against what the scan read (checkAgainstChain), then
 * all of the proposal's usable changes applied together, per lending account (health factor,
 * borrowing power) and per position (yearly rate, shape), each module kind by the calculator its
 * module registered, each effect graded by its own rule (levels.ts), and the effects combined
 * honestly (combineEffects). Pure.
 */
export function simulateProposalInDetail(proposal: FeedProposal, positions: readonly ExposurePosition[], registered: Registered): ProposalSimulation | null {
  const held = positions.filter(({ position }) => position.protocol === proposal.protocol);
  if (held.length === 0) return null;
  if (proposal.changes.length === 0) return { impact: unquantified(held), changes: [], effects: [], accounts: [] };

  const reaching = proposal.changes.flatMap((change) => {
    const touched = held.filter((exposure) => touches(change, exposure, registered));
    return touched.length === 0 ? [] : [{ checked: checkAgainstChain(change, touched, registered), touched }];
  });
  if (reaching.length === 0) return null;

  const usable = reaching.filter(({ checked }) => SIMULABLE.has(checked.verdict)).map(({ checked, touched }) => ({ change: startingFromChain(checked), touched }));
  const calculatorOf = (change: ParameterChange) => registered.calculatorOf(change);
  const shared = (change: ParameterChange) => calculatorOf(change) === undefined;
  const ownsInEffect = (change: ParameterChange) => calculatorOf(change)?.ownsInEffect === true;
  const known = (change: ParameterChange) => (shared(change) ? LENDING_PARAMETERS.has(change.parameter) || SHAPE_PARAMETERS.has(change.parameter) || movesRate(change, registered) : movesRate(change, registered) || calculatorOf(change)!.effects !== undefined);
  const accounts = accountsReached(usable.filter(({ change }) => shared(change)));
  const effects: Effect[] = [
    ...accounts.flatMap(({ account, changes }) => lendingEffects(account, changes, registered.marketName(proposal.protocol, account.market))),
    ...perPosition(usable.filter(({ change }) => movesRate(change, registered)), (changes, exposure) => [yearlyEffect(changes, exposure, registered)]),
    ...calculatorEffects(reaching, usable, registered),
    ...usable.filter(({ change }) => shared(change) && SHAPE_PARAMETERS.has(change.parameter)).flatMap(({ change, touched }) => touched.map((exposure) => shapeEffect(change, exposure, registered))),
    ...usable.filter(({ change }) => !known(change)).map(({ change, touched }) => unquantifiedEffect(change, touched, registered)),
    ...reaching.filter(({ checked }) => checked.verdict === 'in_effect' && !ownsInEffect(checked.change)).map(({ checked }) => inEffectEffect(checked, registered)),
    ...reaching.filter(({ checked }) => !SIMULABLE.has(checked.verdict) && checked.verdict !== 'in_effect').map(({ checked }) => notSimulatedEffect(checked, registered)),
  ];
  return { impact: combineEffects(effects, proposal.status), changes: reaching.map(({ checked }) => checked), effects, accounts };
}

type Reaching = { change: ParameterChange; touched: ExposurePosition[] };

/** Every lending account the changes reach, with the changes that reach it (lendingEffects applies them together). */
function accountsReached(usable: readonly Reaching[]): AccountChanges[] {
  const accounts = new Map<string, AccountChanges>();
  for (const { change, touched } of usable) {
    if (!LENDING_PARAMETERS.has(change.parameter)) continue;
    for (const { inputs } of touched) {
      if (!inputs.account) continue;
      const entry = accounts.get(inputs.account.market) ?? { account: inputs.account, changes: [] };
      if (!entry.changes.includes(change)) entry.changes.push(change);
      accounts.set(inputs.account.market, entry);
    }
  }
  return [...accounts.values()];
}

/** Every position the changes reach, with all of those that reach it at once. */
function perPosition(usable: readonly Reaching[], effectOf: (changes: ParameterChange[], exposure: ExposurePosition) => Effect[]): Effect[] {
  const byPosition = new Map<ExposurePosition, ParameterChange[]>();
  for (const { change, touched } of usable) {
    for (const exposure of touched) byPosition.set(exposure, [...(byPosition.get(exposure) ?? []), change]);
  }
  return [...byPosition].flatMap(([exposure, changes]) => effectOf(changes, exposure));
}

/**
 * The effects of module calculators (those with `effects`): per position, all of one calculator's
 * changes that reach it at once. A calculator that tells its own in-effect changes gets them all
 * when every one of its changes is already in effect (it says what they did), else the usable ones.
 */
function calculatorEffects(reaching: readonly { checked: CheckedChange; touched: ExposurePosition[] }[], usable: readonly Reaching[], registered: Registered): Effect[] {
  return registered.calculators.flatMap((calculator) => {
    if (!calculator.effects) return [];
    const mine = reaching.filter(({ checked }) => registered.calculatorOf(checked.change) === calculator);
    if (mine.length === 0) return [];
    const told: readonly Reaching[] =
      calculator.ownsInEffect && mine.every(({ checked }) => checked.verdict === 'in_effect')
        ? mine.map(({ checked, touched }) => ({ change: checked.change, touched }))
        : usable.filter(({ change }) => registered.calculatorOf(change) === calculator);
    return perPosition(told, (changes, exposure) => calculator.effects!(changes, exposure));
  });
}

/** The proposal carries no machine-readable change: it concerns a protocol the wallet uses, no more is known. */
function unquantified(held: readonly ExposurePosition[]): ProposalImpact {
  const assets = [...new Set(held.map(({ position }) => position.asset))];
  return {
    level: 'none',
    // awaiting_analysis: the holding is named by its assets, never by a dollar figure.
    summary: `Concerns a protocol you hold ${assets.join(', ')} in; its changes are not machine-readable yet.`,
    affectedAssets: assets,
    analysisStatus: 'awaiting_analysis',
  };
}

