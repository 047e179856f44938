import type { Calculator } from '../../simulate/calculator.js';

/** Spark declares no kind of its own (parameters.ts), so it needs no calculator: the shared lending mathematics prices its changes. */
export const SPARK_CALCULATORS: readonly Calculator[] = [];
