/*
 * What a RiskSteward's views answer, word by word. Every struct they return is static (uint40 and
 * uint256 fields), so an answer is its fields' words in order, and its length says which layout the
 * deployed steward has (aave-dao/aave-v3-risk-stewards src/interfaces/IRiskSteward.sol):
 * - 3.7 stewards (8989c5b…, HEAD ab49968): Config = collateral {ltv, LT, LB}, eMode {ltv, LT, LB},
 *   rates {base, slope1, slope2, optimal}, caps {supply, borrow}, price caps {lst, stable, pendle}:
 *   15 RiskParamConfig {uint40 minDelay, uint256 maxPercentChange} = 30 words; Debounce without
 *   debtCeiling = 10 words;
 * - eMode stewards (e9f89fd): the same with collateral.debtCeiling = 32 words; Debounce = 11 words;
 * - the first stewards (650d51e and before; the ABI @aave-dao/aave-address-book 4.68.1 ships as
 *   abis/IRiskSteward): a flat Config of 12 (ltv, LT, LB, supplyCap, borrowCap, debtCeiling, base,
 *   slope1, slope2, optimal, lst, stable) = 24 words, no eMode; Debounce = 11 words.
 * An answer of any other length is not decoded. Pure.
 */

/** A parameter's debounce and largest step, as the steward holds it. */
export interface RiskParam {
  minDelaySeconds: number;
  /** bps: absolute for LT, LTV, bonus and rates, relative (a share × 10,000) for caps. */
  maxPercentChange: number;
}

/** The parameter kinds (as changes name them) a Config holds, by layout, in word-pair order; `-` is a field read past. */
const CONFIG_LAYOUTS: Readonly<Record<number, readonly string[]>> = {
  30: ['ltv', 'liquidationThreshold', 'liquidationBonus', 'eModeLtv', 'eModeLiquidationThreshold', 'eModeLiquidationBonus', 'baseRate', 'slope1', 'slope2', 'optimalUsage', 'supplyCap', 'borrowCap', '-', '-', '-'],
  32: ['ltv', 'liquidationThreshold', 'liquidationBonus', '-', 'eModeLtv', 'eModeLiquidationThreshold', 'eModeLiquidationBonus', 'baseRate', 'slope1', 'slope2', 'optimalUsage', 'supplyCap', 'borrowCap', '-', '-', '-'],
  24: ['ltv', 'liquidationThreshold', 'liquidationBonus', 'supplyCap', 'borrowCap', '-', 'baseRate', 'slope1', 'slope2', 'optimalUsage', '-', '-'],
};

/** Debounce's fields (the last update of each parameter of one asset), by layout. */
const DEBOUNCE_LAYOUTS: Readonly<Record<number, readonly string[]>> = {
  10: ['supplyCap', 'borrowCap', 'ltv', 'liquidationBonus', 'liquidationThreshold', 'baseRate', 'slope1', 'slope2', 'optimalUsage', '-'],
  11: ['supplyCap', 'borrowCap', 'ltv', 'liquidationBonus', 'liquidationThreshold', '-', 'baseRate', 'slope1', 'slope2', 'optimalUsage', '-'],
};

/** EModeDebounce {eModeLtvLastUpdated, eModeLiquidationBonusLastUpdated, eModeLiquidationThresholdLastUpdated}. */
const EMODE_DEBOUNCE = ['eModeLtv', 'eModeLiquidationBonus', 'eModeLiquidationThreshold'] as const;

/** The answer's words (no 0x), or an error naming what is wrong with it. */
function wordsOf(data: string, what: string): string[] {
  const hex = data.startsWith('0x') ? data.slice(2) : data;
  if (hex.length === 0 || hex.length % 64 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new Error(`${what} answered ${hex.length / 2} bytes, not whole words`);
  return hex.match(/.{64}/g)!;
}

/** A word as a number no wider than `bits` (uint40 fits; a step above 2^53 would be no bps). */
function numberOf(word: string, bits: number, what: string): number {
  const value = BigInt(`0x${word}`);
  if (value >= 1n << BigInt(bits) || value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`${what}: ${value} does not fit`);
  return Number(value);
}

/**
 * getRiskConfig()'s answer as the parameters it bounds (a layout's parameters it cannot bound, the
 * debt ceiling and price caps, are read past; the Pendle discount's step is a WAD, not bps).
 *
 * @throws Error on a length no layout has, or a field that does not fit its type
 */
export function decodeRiskConfig(data: string): Map<string, RiskParam> {
  const words = wordsOf(data, 'getRiskConfig()');
  const layout = CONFIG_LAYOUTS[words.length];
  if (!layout) throw new Error(`getRiskConfig() answered ${words.length} words, a layout this reader does not know (24, 30 or 32)`);
  const params = new Map<string, RiskParam>();
  layout.forEach((parameter, index) => {
    if (parameter === '-') return;
    params.set(parameter, { minDelaySeconds: numberOf(words[2 * index]!, 40, `${parameter}.minDelay`), maxPercentChange: numberOf(words[2 * index + 1]!, 256, `${parameter}.maxPercentChange`) });
  });
  return params;
}

/** getTimelock(asset)'s answer: each parameter's last update by the steward, unix seconds (0: never). */
export function decodeTimelock(data: string): Map<string, number> {
  const words = wordsOf(data, 'getTimelock(asset)');
  const layout = DEBOUNCE_LAYOUTS[words.length];
  if (!layout) throw new Error(`getTimelock(asset) answered ${words.length} words, a layout this reader does not know (10 or 11)`);
  const last = new Map<string, number>();
  layout.forEach((parameter, index) => parameter !== '-' && last.set(parameter, numberOf(words[index]!, 40, `${parameter}LastUpdated`)));
  return last;
}

/** getEModeTimelock(id)'s answer: each eMode parameter's last update, unix seconds (0: never). */
export function decodeEModeTimelock(data: string): Map<string, number> {
  const words = wordsOf(data, 'getEModeTimelock(id)');
  if (words.length !== EMODE_DEBOUNCE.length) throw new Error(`getEModeTimelock(id) answered ${words.length} words, not 3`);
  return new Map(EMODE_DEBOUNCE.map((parameter, index) => [parameter, numberOf(words[index]!, 40, `${parameter}LastUpdated`)]));
}

/** A bool's answer (isAddressRestricted, isEModeCategoryRestricted). */
export function decodeBool(data: string, what: string): boolean {
  const words = wordsOf(data, what);
  const value = words.length === 1 ? numberOf(words[0]!, 1, what) : -1;
  if (value !== 0 && value !== 1) throw new Error(`${what} answered no bool`);
  return value === 1;
}
