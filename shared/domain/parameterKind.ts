import type { ParameterUnit } from './parameterChange.js';

/**
 * A kind of parameter a module emits, declared in the module's folder: the simulator, the what-if
 * input, the table reader and the catalog learn its unit and words from here, never from a list
 * in shared code.
 */
export interface ParameterKind {
  /** The `parameter` of the ParameterChanges it names (`timelock`, `reserveBase`). */
  name: string;
  /** The unit sources emit it in when nothing else says so (the what-if input's fractions are converted to it). */
  unit: ParameterUnit;
  /** How a person reads it in a sentence: "the fee on rewards", "the vault's timelock". */
  label: string;
  /**
   * How risk teams write it in proposal tables, matched against a label lower-cased with
   * parentheses and punctuation removed; absent when no table names it.
   */
  tableLabel?: RegExp;
  /** A share of a whole: a bare table number up to 1 is a fraction, up to 100 a percentage, above that bps. */
  bounded?: boolean;
}
