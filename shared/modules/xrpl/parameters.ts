import type { ParameterKind } from '../../domain/parameterKind.js';

/** Fee voting's reserves (drops, as the FeeSettings object and the validators' votes carry them) and amendments (their names). */
export const XRPL_PARAMETERS: readonly ParameterKind[] = [
  { name: 'reserveBase', unit: 'drops', label: 'the base reserve' },
  { name: 'reserveIncrement', unit: 'drops', label: 'the owner reserve' },
  // `to` is the amendment's name; `market` the part of an account whose rules it changes.
  { name: 'amendment', unit: 'state', label: 'an amendment' },
];
