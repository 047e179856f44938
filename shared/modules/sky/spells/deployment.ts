import type { Address } from 'viem';

/**
 * Sky's executive-vote contracts on Ethereum, from the chainlog as the spells repository states it
 * (sky-ecosystem/spells-mainnet src/test/addresses_mainnet.sol @17aee91: MCD_ADM, the chief whose
 * `hat` is the spell with the most approval; MCD_PAUSE, the DSPause a spell is plotted in and executed
 * from after its delay). Snapshot: test/fixtures/addresses/sky.json.
 */
export const SKY_GOVERNANCE = {
  chief: '0x929d9A1435662357F54AdcF64DcEE4d6b867a6f9',
  pause: '0xbE286431454714F511008713973d3B053A2d38f3',
} as const satisfies Record<string, Address>;
