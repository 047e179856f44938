import type { ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition } from '../domain/position.js';

/** Parameters of a lending account's collateral: they reach every position of the account. */
const COLLATERAL_PARAMETERS: ReadonlySet<string> = new Set(['liquidationThreshold', 'ltv', 'liquidationBonus']);
/** eMode category parameters: they reach the accounts in that category. */
const EMODE_PARAMETERS: ReadonlySet<string> = new Set(['eModeLtv', 'eModeLiquidationThreshold', 'eModeLiquidationBonus']);
/** Lido's per-module fees: every stETH holder earns through every module. */
const MODULE_FEES: ReadonlySet<string> = new Set(['moduleFee', 'treasuryFee']);
/** Cosmos staking parameters that reach a delegation. */
const STAKING_PARAMETERS: ReadonlySet<string> = new Set(['communityTax', 'minCommission', 'inflationMin', 'inflationMax']);

/**
 * Whether a change reaches a position: same protocol and market, and either the position's own
 * asset or, for collateral and eMode parameters, an asset or category that backs the position's
 * lending account. Pure.
 */
export function touches(change: ParameterChange, exposure: ExposurePosition): boolean {
  const { position, inputs } = exposure;
  if (change.protocol !== position.protocol) return false;
  if (MODULE_FEES.has(change.parameter) || (change.parameter === 'rewardFee' && inputs.stakingModules && change.market?.startsWith('staking module'))) {
    return inputs.stakingModules !== undefined;
  }
  if (change.market && inputs.market && change.market !== inputs.market) return false;
  if (change.market && !inputs.market && !change.asset) return false;
  const account = inputs.account;
  if (COLLATERAL_PARAMETERS.has(change.parameter)) return Boolean(account?.collateral.some((entry) => sameName(entry.asset, change.asset)));
  if (EMODE_PARAMETERS.has(change.parameter)) return account?.eMode !== undefined && account.eMode.id === change.eModeCategory;
  if (change.parameter === 'eModeCollateral') {
    return account?.eMode !== undefined && account.eMode.id === change.eModeCategory && account.collateral.some((entry) => sameName(entry.asset, change.asset));
  }
  if (STAKING_PARAMETERS.has(change.parameter)) return inputs.role === 'delegation' || (change.parameter === 'communityTax' && inputs.rewardFee !== undefined && sameAsset(change, exposure));
  switch (change.parameter) {
    case 'optimalUsage':
    case 'baseRate':
    case 'slope1':
    case 'slope2':
      // A curve moves the rate of a market's lent or borrowed asset, never a Comet collateral's (which earns nothing).
      return (inputs.role === 'supply' || inputs.role === 'borrow') && (change.side === undefined || change.side === inputs.role) && (inputs.rateModel !== undefined || change.asset !== undefined) && sameAsset(change, exposure);
    case 'listing':
      // A change of shape that names neither an asset nor a market ("Asset Listing - … X Layer",
      // read from a title) cannot say whose positions it reaches: it reaches none rather than all.
      return (change.asset !== undefined || change.market !== undefined) && sameAsset(change, exposure);
    case 'reserveBase':
    case 'reserveIncrement':
      return inputs.ledgerReserve !== undefined;
    case 'rewardFee':
      return inputs.rewardFee !== undefined && sameAsset(change, exposure);
    case 'withdrawalFee':
    case 'depositFee':
    case 'mevFee':
      return inputs.role === 'stake' && sameAsset(change, exposure);
    default:
      return sameAsset(change, exposure);
  }
}

const sameName = (a: string | undefined, b: string | undefined): boolean => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

const sameAsset = (change: ParameterChange, { position }: ExposurePosition): boolean => change.asset === undefined || sameName(change.asset, position.asset);
