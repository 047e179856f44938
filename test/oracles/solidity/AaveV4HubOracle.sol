// SPDX-License-Identifier: MIT
// Test oracle (not deployed anywhere): runs aave-v4 v0.5.11's own AssetLogic (the hub's share
// price, fee accrual and drawn-rate update) and AssetInterestRateStrategy on asset states the
// tests generate, inside one eth_call each. This contract is the strategy's hub.
pragma solidity 0.8.28;

import {IHub} from 'src/hub/interfaces/IHub.sol';
import {AssetLogic} from 'src/hub/libraries/AssetLogic.sol';
import {AssetInterestRateStrategy} from 'src/hub/AssetInterestRateStrategy.sol';
import {IAssetInterestRateStrategy} from 'src/hub/interfaces/IAssetInterestRateStrategy.sol';
import {ISpoke} from 'src/spoke/interfaces/ISpoke.sol';
import {UserPositionUtils} from 'src/spoke/libraries/UserPositionUtils.sol';

contract AaveV4HubOracle {
  using AssetLogic for IHub.Asset;
  using UserPositionUtils for ISpoke.UserPosition;

  IHub.Asset internal asset;
  ISpoke.UserPosition internal position;
  AssetInterestRateStrategy public immutable strategy;

  constructor() {
    strategy = new AssetInterestRateStrategy(address(this));
  }

  /// The hub's added assets (getAddedAssets) and what `shares` are worth (previewRemoveByShares),
  /// the asset stored as `state` and last accrued `elapsed` seconds ago, then the same a year on
  /// with no action between (its accrual then `elapsed` + 365 days old).
  function overAYear(
    IHub.Asset calldata state,
    uint256 elapsed,
    uint256 shares
  ) external returns (uint256 addedNow, uint256 addedLater, uint256 valueNow, uint256 valueLater) {
    asset = state;
    asset.lastUpdateTimestamp = uint40(block.timestamp - elapsed);
    addedNow = asset.totalAddedAssets();
    valueNow = asset.toAddedAssetsDown(shares);
    asset.lastUpdateTimestamp = uint40(block.timestamp - elapsed - 365 days);
    addedLater = asset.totalAddedAssets();
    valueLater = asset.toAddedAssetsDown(shares);
  }

  /// A spoke position's drawn and premium debt (ray) as getUserDebt reads them, the asset last
  /// accrued `elapsed` seconds ago, then the same a year on with no action between.
  function debtOverAYear(
    IHub.Asset calldata state,
    uint256 elapsed,
    ISpoke.UserPosition calldata user
  ) external returns (uint256 drawnNow, uint256 premiumRayNow, uint256 drawnLater, uint256 premiumRayLater) {
    asset = state;
    position = user;
    asset.lastUpdateTimestamp = uint40(block.timestamp - elapsed);
    (drawnNow, premiumRayNow) = position.getDebt(asset.getDrawnIndex());
    asset.lastUpdateTimestamp = uint40(block.timestamp - elapsed - 365 days);
    (drawnLater, premiumRayLater) = position.getDebt(asset.getDrawnIndex());
  }

  /// The drawn rate the hub stores for `state` under the strategy's `rateData` (bps), as
  /// setInterestRateData and every action leave it: AssetLogic.updateDrawnRate at the stored index.
  function drawnRateUnder(
    IHub.Asset calldata state,
    IAssetInterestRateStrategy.InterestRateData calldata rateData
  ) external returns (uint256) {
    strategy.setInterestRateData(0, abi.encode(rateData));
    asset = state;
    asset.irStrategy = address(strategy);
    asset.updateDrawnRate(0);
    return asset.drawnRate;
  }
}
