import type { Address } from 'viem';

/**
 * The contracts a wallet's Sky vaults are read from, from the chainlog as the spells repository
 * states it (sky-ecosystem/spells-mainnet src/test/addresses_mainnet.sol @17aee91: MCD_VAT, MCD_JUG,
 * MCD_SPOT, CDP_MANAGER, GET_CDPS, PROXY_REGISTRY, LOCKSTAKE_ENGINE). Snapshot:
 * test/fixtures/addresses/sky.json.
 */
export const SKY_VAULTS = {
  vat: '0x35D1b3F3D7966A1DFe207aa4514C12a259A0492B',
  jug: '0x19c0976f590D67707E62397C87829d896Dc0f1F1',
  spot: '0x65C79fcB50Ca1594B025960e539eD7A9a6D434A3',
  cdpManager: '0x5ef30b9986345249bc32d8928B7ee64DE9435E39',
  getCdps: '0x36a724Bd100c39f0Ea4D3A20F7097eE01A8Ff573',
  proxyRegistry: '0x4678f0a6958e4D2Bc4F1BAF7Bc52E8F3564f3fE4',
  lockstakeEngine: '0xCe01C90dE7FD1bcFa39e237FE6D8D9F569e8A6a3',
} as const satisfies Record<string, Address>;
