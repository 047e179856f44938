import type { ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition } from '../domain/position.js';
import { eModeLabelMatches } from '../changes/eModeLabel.js';
import type { Registered } from './registered.js';

/** Parameters of a lending account's collateral: they reach every position of the account. */
export const COLLATERAL_PARAMETERS: ReadonlySet<string> = new Set(['liquidationThreshold', 'ltv', 'liquidationBonus']);
/** eMode category parameters: they reach the accounts in that category (an isolated category zeroes the LTV of the collateral outside it). */
export const EMODE_PARAMETERS: ReadonlySet<string> = new Set(['eModeLtv', 'eModeLiquidationThreshold', 'eModeLiquidationBonus', 'eModeIsolated']);

/**
 * Whether a change reaches a position: same protocol, then the module's calculator decides for its
 * own kinds; the shared kinds need the same market and either the position's own asset or, for
 * collateral and eMode parameters, an asset or category that backs the position's lending account.
 * Pure.
 */
export function touches(change: ParameterChange, exposure: ExposurePosition, registered: Registered): boolean {
  if (change.protocol !== exposure.position.protocol) return false;
  const calculator = registered.calculatorOf(change);
  if (calculator?.touches) return calculator.touches(change, exposure);
  if (!sameMarket(change, exposure)) return false;
  const { inputs } = exposure;
  const account = inputs.account;
  if (COLLATERAL_PARAMETERS.has(change.parameter)) return Boolean(account?.collateral.some((entry) => sameName(entry.asset, change.asset)));
  // A text that names the category by label ("Stablecoin E-Mode") reaches the accounts whose category the chain labels so.
  if (EMODE_PARAMETERS.has(change.parameter))
    return account?.eMode !== undefined && (account.eMode.id === change.eModeCategory || (change.eModeCategory === undefined && change.eModeLabel !== undefined && account.eMode.label !== undefined && eModeLabelMatches(change.eModeLabel, account.eMode.label)));
  switch (change.parameter) {
    case 'eModeCollateral':
    case 'eModeLtvZero':
      return account?.eMode !== undefined && account.eMode.id === change.eModeCategory && account.collateral.some((entry) => sameName(entry.asset, change.asset));
    case 'optimalUsage':
    case 'baseRate':
    case 'slope1':
    case 'slope2':
      // A curve moves the rate of a market's lent or borrowed asset, never a collateral's (which may earn nothing).
      return (inputs.role === 'supply' || inputs.role === 'borrow') && (change.side === undefined || change.side === inputs.role) && (inputs.rateModel !== undefined || change.asset !== undefined) && sameAsset(change, exposure);
    case 'listing':
      // A change of shape that names neither an asset nor a market (read from a title) cannot say
      // whose positions it reaches: it reaches none rather than all.
      return (change.asset !== undefined || change.market !== undefined) && sameAsset(change, exposure);
    case 'rewardFee':
      return inputs.rewardFee !== undefined && sameAsset(change, exposure);
    case 'withdrawalFee':
    case 'depositFee':
      return inputs.role === 'stake' && sameAsset(change, exposure);
    default:
      return sameAsset(change, exposure);
  }
}

/** A change names no market, or the position's; a market-wide change without an asset needs the position's market known. */
export function sameMarket(change: ParameterChange, { inputs }: ExposurePosition): boolean {
  if (change.market && inputs.market && change.market !== inputs.market) return false;
  return !(change.market && !inputs.market && !change.asset);
}

const sameName = (a: string | undefined, b: string | undefined): boolean => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

/** The change names no asset, or the position's own. */
export const sameAsset = (change: ParameterChange, { position }: ExposurePosition): boolean => change.asset === undefined || sameName(change.asset, position.asset);
