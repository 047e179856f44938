// SPDX-License-Identifier: MIT
// Test oracle: stands in for an aToken or debt token, answering the balances a state gives it.
pragma solidity >=0.8.10;

contract ScaledBalanceStub {
  mapping(address => uint256) public scaledBalanceOf;
  mapping(address => uint256) public balanceOf;

  function set(address user, uint256 scaled) external {
    scaledBalanceOf[user] = scaled;
  }
}
