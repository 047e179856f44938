import type { Calculator } from '../../../simulate/calculator.js';
import { v4DynamicConfigCalculator } from './dynamicConfigCalculator.js';
import { v4RiskPremiumCalculator } from './riskPremiumCalculator.js';

/** Aave v4's own arithmetic: keyed dynamic reserve configs, and the risk premium a collateral's risk sets. */
export const AAVE_V4_CALCULATORS: readonly Calculator[] = [v4DynamicConfigCalculator, v4RiskPremiumCalculator];
