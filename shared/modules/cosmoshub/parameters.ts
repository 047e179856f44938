import type { ParameterKind } from '../../domain/parameterKind.js';

/** x/distribution's community tax and x/staking's and x/mint's bounds, as the Hub's params messages set them (fractions). */
export const HUB_PARAMETERS: readonly ParameterKind[] = [
  { name: 'communityTax', unit: 'fraction', label: 'the community tax', bounded: true, tableLabel: /^(community ?tax)$/ },
  { name: 'minCommission', unit: 'fraction', label: 'the minimum validator commission' },
  { name: 'inflationMin', unit: 'fraction', label: 'the minimum inflation' },
  { name: 'inflationMax', unit: 'fraction', label: 'the maximum inflation' },
];
