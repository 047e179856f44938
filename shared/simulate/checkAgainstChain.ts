import { changeValueProblem, type ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition } from '../domain/position.js';
import { sameValue } from './changeValues.js';
import { chainValue } from './chainValue.js';
import type { Registered } from './registered.js';

/**
 * A change's standing against what the chain shows for this wallet, read in the same scan:
 * - in_effect: the chain already has the proposal's new value; nothing more will move (graded none);
 * - matches_chain: a verified change whose stated old value is the chain's, or that states none
 *   (its old value is then the chain's): simulated;
 * - corroborated: a change read from the proposal text whose stated current value is the chain's:
 *   simulated like a verified one (the text and the chain agree on where it starts);
 * - contradicts_chain: the stated old value is not the chain's: never simulated (awaiting_analysis);
 * - not_corroborated: a text change without a current value, or whose parameter the scan does not
 *   read: never simulated;
 * - not_checked: a verified change whose parameter the scan does not read (caps, bonuses, feeds):
 *   simulated from its own stated values where its calculator needs no old value;
 * - out_of_range: a stated value its unit cannot take (a share above 100 % or below 0, a rate above
 *   1,000 %, a number given as a string, infinity): never simulated, whatever the chain shows.
 */
export type ChainVerdict = 'in_effect' | 'matches_chain' | 'corroborated' | 'contradicts_chain' | 'not_corroborated' | 'not_checked' | 'out_of_range';

export interface CheckedChange {
  change: ParameterChange;
  verdict: ChainVerdict;
  /** The value the scan read, in the change's unit, where it reads one. */
  chainValue?: number | string;
  /** For out_of_range: which value, and why its unit cannot take it. */
  problem?: { field: 'to' | 'from'; value: unknown; problem: string };
}

/** Whether a verdict lets the change be simulated. */
export const SIMULABLE: ReadonlySet<ChainVerdict> = new Set(['matches_chain', 'corroborated', 'not_checked']);

/** Checks one change against the positions it touches. Pure. */
export function checkAgainstChain(change: ParameterChange, touched: readonly ExposurePosition[], registered: Registered): CheckedChange {
  const problem = changeValueProblem(change, registered.kinds.get(change.parameter)?.bounded);
  if (problem) return { change, verdict: 'out_of_range', problem };
  const value = chainValue(change, touched, registered);
  if (value === undefined) return { change, verdict: change.verified ? 'not_checked' : 'not_corroborated' };
  const at = (stated: number | string) => sameValue(stated, value, change.unit);
  if (at(change.to)) return { change, verdict: 'in_effect', chainValue: value };
  if (change.from === undefined) return { change, verdict: change.verified ? 'matches_chain' : 'not_corroborated', chainValue: value };
  if (!at(change.from)) return { change, verdict: 'contradicts_chain', chainValue: value };
  return { change, verdict: change.verified ? 'matches_chain' : 'corroborated', chainValue: value };
}

/** The change with its old value set to the chain's where the chain was read: what the calculators start from. */
export const startingFromChain = ({ change, chainValue: value }: CheckedChange): ParameterChange =>
  value === undefined ? change : { ...change, from: value };

/** The rules above as sentences, for README, /llms.txt and the OpenAPI description. */
export const CHAIN_CHECK_RULES: readonly string[] = [
  'Every change is first compared with the value the scan read for the wallet on chain. Already at its new value: in effect, graded none, and the summary says so.',
  'A decoded (verified) change whose stated old value matches the chain, or that states none, is simulated from the chain value; one whose stated old value differs is not simulated (awaiting_analysis, the summary names both values).',
  'A change read from the proposal text is corroborated, and simulated, only when its stated current value matches the chain; without a current value, or contradicting the chain, it is never simulated.',
  'A change whose stated value its unit cannot take (a share outside 0 to 100 %, a yearly rate outside 0 to 1,000 %, a negative amount, a number written as a string) is never simulated: awaiting_analysis, the summary names the value and why.',
  'All usable changes of one proposal are applied together: one health factor per lending account (eMode values where the account is in eMode), one yearly rate per position.',
  'awaiting_analysis carries no estimatedChange and no estimatedImpactUsd; a failed or canceled proposal carries no figure and is graded none; borrowing power is stated in words, never in estimatedImpactUsd; health factors print to three decimals when either side is under 1.1.',
];
