import type { ParameterKind } from '../../domain/parameterKind.js';

/** The stake pool's fee on MEV tips (the share of tips taken before they reach stakers), as the DAO's fee proposals set it. */
export const JITO_PARAMETERS: readonly ParameterKind[] = [{ name: 'mevFee', unit: 'fraction', label: 'the fee on MEV tips', bounded: true }];
