// SPDX-License-Identifier: MIT
pragma solidity 0.8.15;

// compound-finance/comet @d5a30b0 (contracts/CometWithExtendedAssetList.sol, CometExtAssetList.sol,
// AssetListFactory.sol, AssetList.sol and what they import), extracted into the oracle cache by
// test/oracles/support/publishedSources.ts and remapped to `comet/`: nothing of it is copied here. It needs
// the IR pipeline (stack too deep without), as comet's hardhat.config builds every contract.
import {CometWithExtendedAssetList} from "comet/CometWithExtendedAssetList.sol";
import {CometExtAssetList} from "comet/CometExtAssetList.sol";
import {AssetListFactory} from "comet/AssetListFactory.sol";

/// The Comet of up to 24 collaterals (offsets 16-23 flagged in userBasic's `_reserved`), as it is.
contract CometExtendedOracle is CometWithExtendedAssetList {
    constructor(Configuration memory config) CometWithExtendedAssetList(config) {}
}

/// Its extension delegate, which names the factory the Comet's constructor asks for its AssetList.
contract CometExtAssetListOracle is CometExtAssetList {
    constructor(ExtConfiguration memory config, address factory) CometExtAssetList(config, factory) {}
}

/// The factory that deploys a Comet's AssetList.
contract CometAssetListFactoryOracle is AssetListFactory {}
