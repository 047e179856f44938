import type { ParameterKind } from '../../domain/parameterKind.js';

/**
 * The parameter kinds only spark emits: none. Its payloads' engine views and Snapshot tables state
 * the lending-pool kinds every Aave v3 family pool shares (LTV, LT, bonus, caps, reserve factor,
 * curve, price feed), already in the shared vocabulary (shared/domain/parameterChange.ts).
 */
export const SPARK_PARAMETERS: readonly ParameterKind[] = [];
