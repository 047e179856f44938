// SPDX-License-Identifier: MIT
// Test oracle (not deployed anywhere): runs aave-v3-origin 3.7.0's own GenericLogic (its isolated
// eMode categories) on states the tests generate, inside one eth_call each. 3.7 is in no npm
// package yet: the sources come from the oracle cache (test/oracles/support/publishedSources.ts).
pragma solidity 0.8.27;

import {GenericLogic} from 'aave-v3-origin-3.7/src/contracts/protocol/libraries/logic/GenericLogic.sol';
import {ReserveConfiguration} from 'aave-v3-origin-3.7/src/contracts/protocol/libraries/configuration/ReserveConfiguration.sol';
import {TokenMath} from 'aave-v3-origin-3.7/src/contracts/protocol/libraries/helpers/TokenMath.sol';
import {DataTypes} from 'aave-v3-origin-3.7/src/contracts/protocol/libraries/types/DataTypes.sol';
import {ScaledBalanceStub} from './ScaledBalanceStub.sol';

/// One reserve of the generated account, as the pool stores it.
struct ReserveState {
  uint16 ltv;
  uint16 liquidationThreshold;
  uint8 decimals;
  uint256 price;
  uint256 scaledSupply;
  uint256 scaledDebt;
  uint128 liquidityIndex;
  uint128 variableBorrowIndex;
  bool collateral;
  bool borrowed;
}

/// The user's eMode category (id 0: none) with its bitmaps and (3.7) whether it is isolated.
struct EModeState {
  uint8 id;
  uint16 ltv;
  uint16 liquidationThreshold;
  uint128 collateralBitmap;
  uint128 ltvzeroBitmap;
  bool isolated;
}

struct AccountData {
  uint256 totalCollateralBase;
  uint256 totalDebtBase;
  uint256 avgLtv;
  uint256 avgLiquidationThreshold;
  uint256 healthFactor;
  bool hasZeroLtvCollateral;
}

contract AaveV37Oracle {
  using ReserveConfiguration for DataTypes.ReserveConfigurationMap;
  using TokenMath for uint256;

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

  /// The pool's oracle: this contract answers the prices of the state it was given.
  function getAssetPrice(address asset) external view returns (uint256) {
    return _prices[asset];
  }

  function _asset(uint256 i) internal pure returns (address) {
    return address(uint160(0x1000 + i));
  }

  /// Writes the state into the pool's storage layout; the user's bitmap keeps only the reserves `only` allows (all when `only` is MAX_RESERVES).
  function _load(ReserveState[] calldata reserves, EModeState calldata eMode, uint256 only) internal returns (DataTypes.UserConfigurationMap memory user) {
    require(reserves.length <= MAX_RESERVES, 'too many reserves');
    for (uint256 i = 0; i < reserves.length; i++) {
      ReserveState calldata state = reserves[i];
      address asset = _asset(i);
      DataTypes.ReserveConfigurationMap memory config;
      config.setLtv(state.ltv);
      config.setLiquidationThreshold(state.liquidationThreshold);
      config.setDecimals(state.decimals);
      DataTypes.ReserveData storage reserve = _reserves[asset];
      reserve.configuration = config;
      reserve.id = uint16(i);
      reserve.liquidityIndex = state.liquidityIndex;
      reserve.variableBorrowIndex = state.variableBorrowIndex;
      // Indexes as stored: no time has passed since the last update.
      reserve.lastUpdateTimestamp = uint40(block.timestamp);
      reserve.aTokenAddress = address(_aTokens[i]);
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
    category.collateralBitmap = eMode.collateralBitmap;
    category.ltvzeroBitmap = eMode.ltvzeroBitmap;
    category.isolated = eMode.isolated;
  }

  function _accountData(DataTypes.UserConfigurationMap memory user, uint8 eModeId) internal view returns (AccountData memory data) {
    (data.totalCollateralBase, data.totalDebtBase, data.avgLtv, data.avgLiquidationThreshold, data.healthFactor, data.hasZeroLtvCollateral) = GenericLogic
      .calculateUserAccountData(
        _reserves,
        _reservesList,
        _eModeCategories,
        DataTypes.CalculateUserAccountDataParams({userConfig: user, user: USER, oracle: address(this), userEModeCategory: eModeId})
      );
  }

  /// GenericLogic.calculateUserAccountData on the whole account.
  function accountData(ReserveState[] calldata reserves, EModeState calldata eMode) external returns (AccountData memory) {
    return _accountData(_load(reserves, eMode, MAX_RESERVES), eMode.id);
  }

  /**
   * The LTV the pool applies to each reserve as collateral: calculateUserAccountData on the
   * account reduced to that one collateral, whose avgLtv is then exactly its LTV (0 when it is
   * not collateral or worth nothing).
   */
  function appliedLtvs(ReserveState[] calldata reserves, EModeState calldata eMode) external returns (uint256[] memory ltvs) {
    ltvs = new uint256[](reserves.length);
    for (uint256 i = 0; i < reserves.length; i++) ltvs[i] = _accountData(_load(reserves, eMode, i), eMode.id).avgLtv;
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

  /// What the aToken and debt token report as the user's balances (TokenMath: supply floored, debt ceiled).
  function balances(ReserveState[] calldata reserves) external pure returns (uint256[] memory supplied, uint256[] memory owed) {
    supplied = new uint256[](reserves.length);
    owed = new uint256[](reserves.length);
    for (uint256 i = 0; i < reserves.length; i++) {
      supplied[i] = reserves[i].scaledSupply.getATokenBalance(reserves[i].liquidityIndex);
      owed[i] = reserves[i].scaledDebt.getVTokenBalance(reserves[i].variableBorrowIndex);
    }
  }
}
