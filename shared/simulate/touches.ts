import type { ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition } from '../domain/position.js';

/**
 * Whether a change reaches a position: same protocol and market, and either the position's own
 * asset or, for collateral parameters, an asset that backs the position's lending account.
 */
export function touches(change: ParameterChange, exposure: ExposurePosition): boolean {
  const { position, inputs } = exposure;
  if (change.protocol !== position.protocol) return false;
  if (change.market && inputs.market && change.market !== inputs.market) return false;
  if (change.market && !inputs.market && !change.asset) return false;
  switch (change.parameter) {
    case 'liquidationThreshold':
    case 'ltv':
      return Boolean(inputs.account?.collateral.some((entry) => entry.asset === change.asset));
    case 'listing':
      // A change of shape that names neither an asset nor a market ("Asset Listing - … X Layer",
      // read from a title) cannot say whose positions it reaches: it reaches none rather than all.
      return (change.asset !== undefined || change.market !== undefined) && sameAsset(change, exposure);
    case 'reserveBase':
    case 'reserveIncrement':
      return inputs.ledgerReserve !== undefined;
    case 'rewardFee':
    case 'communityTax':
      return inputs.rewardFee !== undefined && sameAsset(change, exposure);
    default:
      return sameAsset(change, exposure);
  }
}

const sameAsset = (change: ParameterChange, { position }: ExposurePosition): boolean =>
  change.asset === undefined || change.asset.toLowerCase() === position.asset.toLowerCase();
