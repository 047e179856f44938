import type { ParameterChange } from '../domain/parameterChange.js';
import type { ParameterKind } from '../domain/parameterKind.js';
import { SHARED_PARAMETER_KINDS } from '../domain/sharedParameters.js';
import { capitalized, wordsOf } from '../domain/words.js';
import type { Calculator } from './calculator.js';

type Declaring = { slug?: string; parameters?: readonly ParameterKind[]; marketName?: (market: string) => string | undefined };

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
  /** A market's name for people, by its module ("Ethereum Core" markets, "trust lines"); never the identifier itself. */
  marketName(protocol: string, market: string): string;
  /** A parameter kind as a sentence names it ("the liquidation threshold"); an unknown kind in words. */
  parameterLabel(parameter: string): string;
}

/**
 * A market's name for people: its module's (ModuleInfo.marketName), else any module's that knows
 * the name, else the identifier written as words, so no identifier reaches a sentence. Pure.
 *
 * @example marketNameOf(MODULE_INFOS)(slug, market) // the module's name for the market
 */
export function marketNameOf(modules: readonly Declaring[]): (protocol: string, market: string) => string {
  return (protocol, market) => {
    const own = modules.find((module) => module.slug === protocol)?.marketName?.(market);
    if (own) return own;
    for (const module of modules) {
      const named = module.marketName?.(market);
      if (named) return named;
    }
    return capitalized(wordsOf(market));
  };
}

/** A kind's label ("the supply rate"), or an unknown kind's name in words ("the vault cap"), for sentences. Pure. */
export const parameterLabelOf =
  (kinds: ReadonlyMap<string, ParameterKind>) =>
  (parameter: string): string =>
    kinds.get(parameter)?.label ?? `the ${wordsOf(parameter)}`;

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
    marketName: marketNameOf(modules),
    parameterLabel: parameterLabelOf(kinds),
  };
}
