// SPDX-License-Identifier: MIT
// Test oracle (not deployed anywhere): runs aave-v4 v0.5.11's own AssetLogic (the hub's share
// price and fee accrual) on asset states the tests generate, inside one eth_call each.
pragma solidity 0.8.27;

import {IHub} from 'src/hub/interfaces/IHub.sol';
import {AssetLogic} from 'src/hub/libraries/AssetLogic.sol';

contract AaveV4HubOracle {
  using AssetLogic for IHub.Asset;

  IHub.Asset internal asset;

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
}
