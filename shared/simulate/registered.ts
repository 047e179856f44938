import type { ParameterChange } from '../domain/parameterChange.js';
import type { ParameterKind } from '../domain/parameterKind.js';
import { SHARED_PARAMETER_KINDS } from '../domain/sharedParameters.js';
import type { Calculator } from './calculator.js';

type Declaring = { slug?: string; parameters?: readonly ParameterKind[] };

/** Every known parameter kind by name, the shared ones first; a kind declared twice is a mistake in a module's folder. */
export function kindsOf(modules: readonly Declaring[]): ReadonlyMap<string, ParameterKind> {
  const kinds = new Map<string, ParameterKind>(SHARED_PARAMETER_KINDS.map((kind) => [kind.name, kind]));
  for (const module of modules) {
    for (const kind of module.parameters ?? []) {
      if (kinds.has(kind.name)) throw new Error(`parameter kind ${kind.name} of ${module.slug ?? 'a module'} is declared twice`);
      kinds.set(kind.name, kind);
    }
  }
  return kinds;
}

/** The parameter kinds and calculators the simulator dispatches to: the shared ones and every module's. */
export interface Registered {
  /** Every known kind by name, shared first. */
  kinds: ReadonlyMap<string, ParameterKind>;
  calculators: readonly Calculator[];
  /** The module calculator that handles a change, if any; shared kinds have none. */
  calculatorOf(change: ParameterChange): Calculator | undefined;
}

/**
 * Gathers what modules declare, loading their calculators. A kind declared twice, or a calculator
 * for a kind nobody declared, is a mistake in a module's folder: it fails at load, not in a scan.
 *
 * @example const registered = await registeredOf(MODULES);
 */
export async function registeredOf(modules: readonly (Declaring & { calculators?: () => Promise<readonly Calculator[]> })[]): Promise<Registered> {
  const kinds = kindsOf(modules);
  const calculators = (await Promise.all(modules.map((module) => module.calculators?.() ?? []))).flat();
  const byKind = new Map<string, Calculator>();
  for (const calculator of calculators) {
    for (const name of calculator.parameters) {
      if (!kinds.has(name)) throw new Error(`a calculator handles ${name}, which no module declares`);
      if (byKind.has(name)) throw new Error(`two calculators handle ${name}`);
      byKind.set(name, calculator);
    }
  }
  return {
    kinds,
    calculators,
    calculatorOf: (change) => byKind.get(change.parameter) ?? calculators.find((calculator) => calculator.claims?.(change)),
  };
}
