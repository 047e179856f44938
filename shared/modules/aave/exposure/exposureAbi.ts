/*
 * The Core market speaks the shared lending-pool reader's ABI (shared/readers/lendingPool/
 * lendingPoolAbi.ts); named here too for the tests that build Aave answers from it.
 */
export { addressesProviderAbi, dataProviderAbi, oracleAbi, poolAbi, rateStrategyAbi } from '../../../readers/lendingPool/lendingPoolAbi.js';
