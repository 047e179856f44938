import type { Calculator } from '../../../simulate/calculator.js';
import { v4DynamicConfigCalculator } from './dynamicConfigCalculator.js';
import { v4RiskPremiumCalculator } from './riskPremiumCalculator.js';
import { v4SupplyRateCalculator } from './supplyRateCalculator.js';

/** Aave v4's own arithmetic: keyed dynamic reserve configs, the risk premium a collateral's risk sets, and what a hub's rate curve does to a supply. */
export const AAVE_V4_CALCULATORS: readonly Calculator[] = [v4DynamicConfigCalculator, v4RiskPremiumCalculator, v4SupplyRateCalculator];
