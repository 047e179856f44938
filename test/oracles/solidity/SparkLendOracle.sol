// SPDX-License-Identifier: MIT
// Test oracle (not deployed anywhere): runs SparkLend's pool logic, aave core-v3 1.19.3 (v3.0.x,
// the code sparklend-v1-core forks), on states the tests generate, inside one eth_call each.
pragma solidity 0.8.10;

import {GenericLogic} from '@aave/core-v3/contracts/protocol/libraries/logic/GenericLogic.sol';
import {ReserveConfiguration} from '@aave/core-v3/contracts/protocol/libraries/configuration/ReserveConfiguration.sol';
import {WadRayMath} from '@aave/core-v3/contracts/protocol/libraries/math/WadRayMath.sol';
import {DataTypes} from '@aave/core-v3/contracts/protocol/libraries/types/DataTypes.sol';
import {ScaledBalanceStub} from './ScaledBalanceStub.sol';

/// One reserve of the generated account; `eModeCategory` is the reserve's own (v3.0: one per reserve).
struct ReserveState {
  uint16 ltv;
  uint16 liquidationThreshold;
  uint8 decimals;
  uint8 eModeCategory;
  uint256 price;
  uint256 scaledSupply;
  uint256 scaledDebt;
  uint128 liquidityIndex;
  uint128 variableBorrowIndex;
  bool collateral;
  bool borrowed;
}

/// The user's eMode category (id 0: none); no price source, so reserves keep their own prices.
struct EModeState {
  uint8 id;
  uint16 ltv;
  uint16 liquidationThreshold;
}

struct AccountData {
  uint256 totalCollateralBase;
  uint256 totalDebtBase;
  uint256 avgLtv;
  uint256 avgLiquidationThreshold;
  uint256 healthFactor;
  bool hasZeroLtvCollateral;
}

contract SparkLendOracle {
  using ReserveConfiguration for DataTypes.ReserveConfigurationMap;
  using WadRayMath for uint256;

  uint256 internal constant MAX_RESERVES = 8;
  address internal constant USER = address(0xBEEF);

  mapping(address => DataTypes.ReserveData) internal _reserves;
  mapping(uint256 => address) internal _reservesList;
  mapping(uint8 => DataTypes.EModeCategory) internal _eModeCategories;
  mapping(address => uint256) internal _prices;
  ScaledBalanceStub[MAX_RESERVES] internal _aTokens;
  ScaledBalanceStub[MAX_RESERVES] internal _debtTokens;

  constructor() {
    for (uint256 i = 0; i < MAX_RESERVES; i++) {
      _aTokens[i] = new ScaledBalanceStub();
      _debtTokens[i] = new ScaledBalanceStub();
    }
  }

  function getAssetPrice(address asset) external view returns (uint256) {
    return _prices[asset];
  }

  function _asset(uint256 i) internal pure returns (address) {
    return address(uint160(0x1000 + i));
  }

  function _load(ReserveState[] calldata reserves, EModeState calldata eMode, uint256 only) internal returns (DataTypes.UserConfigurationMap memory user) {
    require(reserves.length <= MAX_RESERVES, 'too many reserves');
    for (uint256 i = 0; i < reserves.length; i++) {
      ReserveState calldata state = reserves[i];
      address asset = _asset(i);
      DataTypes.ReserveConfigurationMap memory config;
      config.setLtv(state.ltv);
      config.setLiquidationThreshold(state.liquidationThreshold);
      config.setDecimals(state.decimals);
      config.setEModeCategory(state.eModeCategory);
      DataTypes.ReserveData storage reserve = _reserves[asset];
      reserve.configuration = config;
      reserve.id = uint16(i);
      reserve.liquidityIndex = state.liquidityIndex;
      reserve.variableBorrowIndex = state.variableBorrowIndex;
      reserve.lastUpdateTimestamp = uint40(block.timestamp);
      reserve.aTokenAddress = address(_aTokens[i]);
      // The stub's balanceOf is 0: no stable-rate debt.
      reserve.stableDebtTokenAddress = address(_debtTokens[i]);
      reserve.variableDebtTokenAddress = address(_debtTokens[i]);
      _aTokens[i].set(USER, state.scaledSupply);
      _debtTokens[i].set(USER, state.scaledDebt);
      _reservesList[i] = asset;
      _prices[asset] = state.price;
      if (only != MAX_RESERVES && only != i) continue;
      if (state.borrowed) user.data |= 1 << (i * 2);
      if (state.collateral) user.data |= 1 << (i * 2 + 1);
    }
    DataTypes.EModeCategory storage category = _eModeCategories[eMode.id];
    category.ltv = eMode.ltv;
    category.liquidationThreshold = eMode.liquidationThreshold;
  }

  function _accountData(DataTypes.UserConfigurationMap memory user, uint256 count, uint8 eModeId) internal view returns (AccountData memory data) {
    (data.totalCollateralBase, data.totalDebtBase, data.avgLtv, data.avgLiquidationThreshold, data.healthFactor, data.hasZeroLtvCollateral) = GenericLogic
      .calculateUserAccountData(
        _reserves,
        _reservesList,
        _eModeCategories,
        DataTypes.CalculateUserAccountDataParams({userConfig: user, reservesCount: count, user: USER, oracle: address(this), userEModeCategory: eModeId})
      );
  }

  function accountData(ReserveState[] calldata reserves, EModeState calldata eMode) external returns (AccountData memory) {
    return _accountData(_load(reserves, eMode, MAX_RESERVES), reserves.length, eMode.id);
  }

  /// The LTV the pool applies to each reserve: the account reduced to that one collateral, whose avgLtv is exactly its LTV.
  function appliedLtvs(ReserveState[] calldata reserves, EModeState calldata eMode) external returns (uint256[] memory ltvs) {
    ltvs = new uint256[](reserves.length);
    for (uint256 i = 0; i < reserves.length; i++) ltvs[i] = _accountData(_load(reserves, eMode, i), reserves.length, eMode.id).avgLtv;
  }

  /// Everything a case compares, before and after a proposal, in one eth_call: the user's balances are the `before` state's.
  function evaluate(
    ReserveState[] calldata before,
    EModeState calldata eModeBefore,
    ReserveState[] calldata afterwards,
    EModeState calldata eModeAfter
  ) external returns (AccountData memory accountBefore, AccountData memory accountAfter, uint256[] memory ltvsBefore, uint256[] memory ltvsAfter, uint256[] memory supplied, uint256[] memory owed) {
    (supplied, owed) = this.balances(before);
    accountBefore = this.accountData(before, eModeBefore);
    ltvsBefore = this.appliedLtvs(before, eModeBefore);
    accountAfter = this.accountData(afterwards, eModeAfter);
    ltvsAfter = this.appliedLtvs(afterwards, eModeAfter);
  }

  /// What the aToken and debt token report (v3.0: rayMul half-up both ways).
  function balances(ReserveState[] calldata reserves) external pure returns (uint256[] memory supplied, uint256[] memory owed) {
    supplied = new uint256[](reserves.length);
    owed = new uint256[](reserves.length);
    for (uint256 i = 0; i < reserves.length; i++) {
      supplied[i] = reserves[i].scaledSupply.rayMul(reserves[i].liquidityIndex);
      owed[i] = reserves[i].scaledDebt.rayMul(reserves[i].variableBorrowIndex);
    }
  }
}
