/**
 * A reserve's configuration word as a v3 pool stores it (aave-v3-origin
 * src/contracts/protocol/libraries/configuration/ReserveConfiguration.sol: LTV bits 0–15,
 * liquidation threshold 16–31, liquidation bonus 32–47 (stored as 100 % + bonus), decimals 48–55,
 * active bit 56, reserve factor 64–79, borrow cap 80–115 and supply cap 116–151 in whole tokens
 * (0: none), liquidation protocol fee 152–167), in the units ParameterChanges state them: shares in
 * basis points, the bonus alone (as the config engine takes it), caps in tokens. Pure.
 */
export interface ReserveConfiguration {
  ltv: number;
  liquidationThreshold: number;
  /** The bonus alone: 500 for a stored 10500. */
  liquidationBonus: number;
  decimals: number;
  active: boolean;
  reserveFactor: number;
  /** Whole tokens; 0 means no cap. */
  borrowCap: number;
  /** Whole tokens; 0 means no cap. */
  supplyCap: number;
  liquidationProtocolFee: number;
}

const bits = (word: bigint, from: number, width: number): number => Number((word >> BigInt(from)) & ((1n << BigInt(width)) - 1n));

/** @example reserveConfiguration(word).liquidationThreshold // 8300 */
export function reserveConfiguration(word: bigint): ReserveConfiguration {
  const storedBonus = bits(word, 32, 16);
  return {
    ltv: bits(word, 0, 16),
    liquidationThreshold: bits(word, 16, 16),
    // A reserve that is not collateral stores no bonus (0), not 100 %.
    liquidationBonus: storedBonus === 0 ? 0 : storedBonus - 10_000,
    decimals: bits(word, 48, 8),
    active: bits(word, 56, 1) === 1,
    reserveFactor: bits(word, 64, 16),
    borrowCap: bits(word, 80, 36),
    supplyCap: bits(word, 116, 36),
    liquidationProtocolFee: bits(word, 152, 16),
  };
}

/** The parameter kinds a configuration word answers, and the field each reads. */
export const CONFIGURATION_FIELDS = {
  ltv: 'ltv',
  liquidationThreshold: 'liquidationThreshold',
  liquidationBonus: 'liquidationBonus',
  reserveFactor: 'reserveFactor',
  borrowCap: 'borrowCap',
  supplyCap: 'supplyCap',
  liquidationProtocolFee: 'liquidationProtocolFee',
} as const satisfies Record<string, keyof ReserveConfiguration>;
