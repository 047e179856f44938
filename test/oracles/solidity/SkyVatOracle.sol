// SPDX-License-Identifier: AGPL-3.0-or-later
// Test oracle (not deployed anywhere): MakerDAO dss's own Vat, Spotter and Dog (makerdao/dss
// @fa4f663, the code Sky's vaults run), set up inside one eth_call per generated state. This
// contract is the Spotter's price feed, the Dog's clipper and vow: stubs that only answer.
pragma solidity 0.6.12;

import {Vat} from "dss/vat.sol";
import {Spotter} from "dss/spot.sol";
import {Dog} from "dss/dog.sol";

contract SkyVatOracle {
  bytes32 public constant ilk = "ETH-A";
  uint256 constant RAY = 10 ** 27;
  uint256 constant WAD = 10 ** 18;

  Vat public vat;
  Spotter public spotter;
  Dog public dog;
  bytes32 price;

  constructor() public {
    vat = new Vat();
    spotter = new Spotter(address(vat));
    dog = new Dog(address(vat));
    vat.rely(address(spotter));
    vat.rely(address(dog));
    dog.file("vow", address(this));
    // The Dog's room (Hole, hole) × WAD must not overflow its mul: 10^58 rad.
    dog.file("Hole", 10 ** 58);
    vat.file("Line", uint256(-1));
  }

  /// The vault `ink` (wad) / `art` (wad) of an ilk at accumulator `rate` (ray), priced `val` (wad) with
  /// liquidation ratio `mat` (ray) through Spotter.poke: the spot the Spotter files; whether the Vat's
  /// frob opens it (its safety test); and, the vault then placed by grab where frob refused it,
  /// whether the Dog's bark liquidates it.
  function probe(uint256 ink, uint256 art, uint256 rate, uint256 val, uint256 mat) external returns (uint256 spot, bool opened, bool barked) {
    vat.init(ilk);
    vat.file(ilk, "line", uint256(-1));
    if (rate != RAY) vat.fold(ilk, address(this), int256(rate) - int256(RAY));
    price = bytes32(val);
    spotter.file(ilk, "pip", address(this));
    spotter.file(ilk, "mat", mat);
    spotter.poke(ilk);
    (, , spot, , ) = vat.ilks(ilk);
    vat.slip(ilk, address(this), int256(ink));
    try vat.frob(ilk, address(this), address(this), address(this), int256(ink), int256(art)) {
      opened = true;
    } catch {
      vat.suck(address(this), address(this), art * rate);
      vat.grab(ilk, address(this), address(this), address(this), int256(ink), int256(art));
    }
    dog.file(ilk, "clip", address(this));
    dog.file(ilk, "chop", WAD + WAD / 10);
    dog.file(ilk, "hole", 10 ** 58);
    try dog.bark(ilk, address(this), address(this)) {
      barked = true;
    } catch {}
  }

  // The Spotter's pip.
  function peek() external view returns (bytes32, bool) {
    return (price, true);
  }

  // The Dog's clipper and vow.
  function kick(uint256, uint256, address, address) external pure returns (uint256) {
    return 1;
  }

  function fess(uint256) external pure {}
}
