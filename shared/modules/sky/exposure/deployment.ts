import type { Address } from 'viem';

/**
 * Sky on Ethereum, from the chainlog as the spells repository states it
 * (sky-ecosystem/spells-mainnet src/test/addresses_mainnet.sol @17aee91: USDS, SUSDS, MCD_DAI,
 * MCD_POT, MCD_SPBEAM, MCD_PAUSE); sDAI is not a chainlog key and comes from
 * sparkdotfi/spark-address-registry src/Ethereum.sol @5348de2 (Ethereum.SDAI). Snapshot:
 * test/fixtures/addresses/sky.json.
 */
export const SKY_ETHEREUM = {
  usds: '0xdC035D45d973E3EC169d2276DDab16f1e407384F',
  sUsds: '0xa3931d71877C0E7a3148CB7Eb4463524FEc27fbD',
  dai: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
  sDai: '0x83F20F44975D03b1b09e64809B757c47f942BEeA',
  pot: '0x197E90f9FAD81970bA7976f33CbD77088E5D7cf7',
} as const satisfies Record<string, Address>;
