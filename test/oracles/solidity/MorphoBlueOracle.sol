// SPDX-License-Identifier: MIT
// Test oracle (not deployed anywhere): runs morpho-blue 1.0.0's own Morpho contract on states the
// tests generate, inside one eth_call each: it writes a market and a position straight into
// Morpho's storage and asks the real internal functions.
pragma solidity 0.8.19;

import {Morpho} from '@morpho-org/morpho-blue/src/Morpho.sol';
import {Id, MarketParams, Market, Position} from '@morpho-org/morpho-blue/src/interfaces/IMorpho.sol';

contract MorphoBlueOracle is Morpho {
  Id internal constant ID = Id.wrap(bytes32(uint256(1)));
  address internal constant BORROWER = address(0xBEEF);
  uint256 internal _borrowRate;

  constructor() Morpho(address(0xA11CE)) {}

  /// Morpho._isHealthy with the collateral price given: maxBorrow ≥ the debt its shares owe, rounded up.
  function isHealthy(Market calldata state, uint128 borrowShares, uint128 collateral, uint256 lltv, uint256 collateralPrice) external returns (bool) {
    market[ID] = state;
    position[ID][BORROWER] = Position({supplyShares: 0, borrowShares: borrowShares, collateral: collateral});
    MarketParams memory params = MarketParams({loanToken: address(0), collateralToken: address(0), oracle: address(0), irm: address(0), lltv: lltv});
    return _isHealthy(params, ID, BORROWER, collateralPrice);
  }

  /// The IRM of the market below: answers the rate the call set.
  function borrowRate(MarketParams memory, Market memory) external view returns (uint256) {
    return _borrowRate;
  }

  /// Morpho._accrueInterest over `elapsed` seconds at a fixed borrow rate: the market after it.
  function accrue(Market calldata state, uint256 rate, uint256 elapsed) external returns (Market memory) {
    _borrowRate = rate;
    market[ID] = state;
    market[ID].lastUpdate = uint128(block.timestamp - elapsed);
    MarketParams memory params = MarketParams({loanToken: address(0), collateralToken: address(0), oracle: address(0), irm: address(this), lltv: 0});
    _accrueInterest(params, ID);
    return market[ID];
  }
}
