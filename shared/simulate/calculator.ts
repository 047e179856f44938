import type { ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition, SimulatorInputs } from '../domain/position.js';
import type { Effect } from './effect.js';

/**
 * What a module adds to the simulator for the parameter kinds only it emits. The simulator keeps
 * the shared mathematics (health factor, yearly change from a rate, locked amount) and dispatches
 * every usable change of a registered kind to the calculator that declared it. Pure functions of
 * plain data, like the rest of the simulator: no upstream, store or clock.
 */
export interface Calculator {
  /** The parameter kinds it handles, each declared by the same module (ParameterKind). */
  parameters: readonly string[];
  /** A change of a shared kind it takes over: one scoped to a market only it knows (a staking module's fee on rewards). */
  claims?(change: ParameterChange): boolean;
  /**
   * Its changes that the chain already carries are told by its own `effects` (what they did), not
   * by the generic "already in effect" line: when every one of a proposal's changes of its kinds is
   * in effect, `effects` gets them all; otherwise it gets the usable ones.
   */
  ownsInEffect?: boolean;
  /** Whether a change of its kinds reaches a position; by default, same market and same asset. */
  touches?(change: ParameterChange, exposure: ExposurePosition): boolean;
  /** The value the scan read for this change, in the change's unit, for the check against the chain. */
  chainValue?(change: ParameterChange, exposure: ExposurePosition): number | string | undefined;
  /**
   * For kinds that move a yearly rate: the rate after its changes, from the rate before them (other
   * calculators' changes of the same proposal are already applied); undefined when the inputs to
   * compute it were not read. The shared yearly-change mathematics prices the result.
   */
  rateAfter?(rate: number, changes: readonly ParameterChange[], inputs: SimulatorInputs): number | undefined;
  /** For every other kind: what all of one proposal's changes of its kinds do to one position they reach, at once. */
  effects?(changes: readonly ParameterChange[], exposure: ExposurePosition): Effect[];
}
