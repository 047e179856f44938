import { parseAbi } from 'viem';

/*
 * The Compound v2 views the exposure reads, from compound-finance/compound-protocol at
 * a3214f67b73310d547e00fc578e8355911c9d376: Comptroller.sol (getAssetsIn), ComptrollerStorage.sol
 * (`oracle` and the `markets` auto-getter, its mapping member omitted), CTokenInterfaces.sol
 * (getAccountSnapshot: error, cTokenBalance, borrowBalance, exchangeRateMantissa; the per-block
 * rates) and PriceOracle.sol (getUnderlyingPrice).
 */

export const comptrollerViewsAbi = parseAbi([
  'function getAssetsIn(address account) view returns (address[])',
  'function oracle() view returns (address)',
  'function markets(address cToken) view returns (bool isListed, uint256 collateralFactorMantissa, bool isComped)',
]);

export const cTokenViewsAbi = parseAbi([
  'function getAccountSnapshot(address account) view returns (uint256, uint256, uint256, uint256)',
  'function supplyRatePerBlock() view returns (uint256)',
  'function borrowRatePerBlock() view returns (uint256)',
]);

export const v2OracleAbi = parseAbi(['function getUnderlyingPrice(address cToken) view returns (uint256)']);
