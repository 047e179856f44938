/**
 * A rule change a proposal makes, in machine-readable form. Sources decode these from calldata,
 * messages, payload views or published diffs (verified: true) or from the body's parameter tables
 * (verified: false); the simulator checks each against the chain and turns them into impact.
 */
export interface ParameterChange {
  protocol: string;
  /** The market or pool the change applies to, when the protocol has several (its module's market names, such as `staking module 1`). */
  market?: string;
  /** The asset symbol the change applies to; absent when the change is protocol-wide or category-wide. */
  asset?: string;
  /** The eMode category a category-wide change (eModeLtv, eModeLiquidationThreshold, …) or an asset's membership change concerns. */
  eModeCategory?: number;
  /** Which rate curve a curve change moves, where a market has two (a supply and a borrow curve). */
  side?: 'supply' | 'borrow';
  parameter: ParameterName;
  from?: number | string;
  to: number | string;
  unit: ParameterUnit;
  /** Where the change was read: a calldata selector, a message type, a payload view, a table row. */
  evidence: string;
  verified: boolean;
}

/**
 * A parameter kind's name: one of the shared kinds (shared/domain/sharedParameters.ts) or a kind a
 * module declares in its own folder (ModuleInfo.parameters), which says its unit and words.
 */
export type ParameterName = string;

export type ParameterUnit = 'bps' | 'fraction' | 'drops' | 'tokens' | 'state';
