// SPDX-License-Identifier: MIT
pragma solidity 0.8.15;

// compound-finance/comet @d5a30b0 (contracts/Comet.sol, CometExt.sol and what they import), extracted into the
// oracle cache by test/oracles/support/publishedSources.ts and remapped to `comet/`: nothing of it is copied here.
import {Comet} from "comet/Comet.sol";
import {CometExt} from "comet/CometExt.sol";

/// Comet itself, named in this file so the compile outputs its bytecode: its constructor takes a
/// published deployment's Configuration as Comet's does, and it adds nothing.
contract CometOracle is Comet {
    constructor(Configuration memory config) Comet(config) {}
}

/// CometExt, the extension delegate a Comet's fallback forwards to (name, symbol, allowances).
contract CometExtOracle is CometExt {
    constructor(ExtConfiguration memory config) CometExt(config) {}
}

/// A Chainlink-shaped feed of 8 decimals (Comet's constructor requires them) with a fixed price.
/// The price is immutable, so the runtime code alone carries it and can be placed at a deployment's feed address.
contract CometFeedStub {
    int256 public immutable price;

    constructor(int256 price_) {
        price = price_;
    }

    function decimals() external pure returns (uint8) {
        return 8;
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return (1, price, block.timestamp, block.timestamp, 1);
    }
}

/// A plain ERC-20 whose decimals are immutable (so its runtime code can be placed at the token's real
/// address, where Comet's constructor asks them), with a free mint for the test's wallet.
contract CometTokenStub {
    uint8 public immutable decimals;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    constructor(uint8 decimals_) {
        decimals = decimals_;
    }

    function mint(address to, uint256 amount) external {
        balanceOf[to] += amount;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        allowance[from][msg.sender] -= amount;
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        return true;
    }
}
