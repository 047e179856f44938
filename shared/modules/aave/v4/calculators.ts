import type { Calculator } from '../../../simulate/calculator.js';
import { v4DynamicConfigCalculator } from './dynamicConfigCalculator.js';

/** Aave v4's own arithmetic: keyed dynamic reserve configs. */
export const AAVE_V4_CALCULATORS: readonly Calculator[] = [v4DynamicConfigCalculator];
