import type { Calculator } from '../../simulate/calculator.js';
import { cometAbsorbCalculator } from './cometAbsorbCalculator.js';
import { cometCurveCalculator } from './cometCurveCalculator.js';

/** Comet's own arithmetic: its rate curves' form and what absorption costs. */
export const COMPOUND_CALCULATORS: readonly Calculator[] = [cometCurveCalculator, cometAbsorbCalculator];
